/**
 * A file input for one image that checks the type, size and dimensions in the browser first
 * (shared rules; the shared error text in the page's language) and uploads at once when it passes.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../lib/error-messages';
import { describedBy } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { readImageInfo, type ImageCheck, type ImageInfo } from '../../lib/image-checks';

interface Props {
  id: string;
  label: string;
  hint: string;
  check: (info: ImageInfo | null, bytes: number) => ImageCheck;
  upload: (file: File) => Promise<void>;
  uploadingText: string;
  disabled?: boolean;
}

export function ImageUpload({ id, label, hint, check, upload, uploadingText, disabled }: Props) {
  const locale = useLocale();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(undefined);
    const result = check(await readImageInfo(file), file.size);
    if (!result.ok) {
      setError(errorMessage(result.code, locale));
      if (inputRef.current) inputRef.current.value = '';
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await upload(file);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className="field image-upload">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        onChange={(e) => void onChange(e)}
        disabled={disabled || busy}
        {...describedBy(id, error, hint)}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {busy && (
        <p className="form-status" role="status">
          {uploadingText}
        </p>
      )}
    </div>
  );
}
