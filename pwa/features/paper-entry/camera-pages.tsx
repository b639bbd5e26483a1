import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import { NS } from './display';
import { framePixels, type PagePixels, type PageRead } from './scan-reader';

type Live = { kind: 'looking' } | { kind: 'blurred' } | { kind: 'ready'; code: string; page: number } | { kind: 'kept'; code: string; page: number };

/**
 * Photographing pages: a live camera picture, read a few times a second (without crops) to say when the page is
 * whole (its four corner squares found) and sharp (its page mark decoded); "Keep this page" reads that frame fully.
 * Beside it, and where there is no camera API, "Take a photo" (a file input that opens the phone's camera app).
 */
export function CameraPages(props: { check: (p: PagePixels) => Promise<PageRead>; onKeep: (p: PagePixels) => Promise<void>; onPhotos: (files: File[]) => void; disabled: boolean }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState<Live>({ kind: 'looking' });
  const good = useRef<PagePixels | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const { check } = props;
  const canStream = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
  const shots = useRef(0);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let stop = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } } });
        if (!video.current || stop) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop && video.current) {
          const frame = framePixels(video.current, t('scan.cameraSource', { n: ++shots.current }));
          if (frame) {
            const r = await check(frame).catch(() => null);
            if (stop) return;
            if (r?.mark && !r.problem) {
              good.current = frame;
              setLive((l) => (l.kind === 'kept' && l.code === r.mark!.code && l.page === r.mark!.page ? l : { kind: 'ready', code: r.mark!.code, page: r.mark!.page }));
            } else {
              good.current = null;
              setLive(r?.problem === 'no-mark' ? { kind: 'blurred' } : { kind: 'looking' });
            }
          }
          await new Promise((res) => setTimeout(res, 250));
        }
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [open, check, t]);

  const keep = async () => {
    const frame = good.current;
    if (!frame || live.kind !== 'ready') return;
    good.current = null;
    await props.onKeep(frame);
    setLive({ kind: 'kept', code: live.code, page: live.page });
  };

  const status =
    live.kind === 'ready'
      ? t('scan.live.ready', { code: formatAccessCode(live.code), page: live.page })
      : live.kind === 'kept'
        ? t('scan.live.kept', { code: formatAccessCode(live.code), page: live.page })
        : t(`scan.live.${live.kind}`);

  return (
    <div className="pe-scan-camera">
      <div className="pe-scan-buttons">
        {canStream && (
          <button type="button" className="btn btn-secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)} disabled={props.disabled}>
            {open ? t('scan.cameraClose') : t('scan.camera')}
          </button>
        )}
        <label className="btn btn-secondary pe-file-button" htmlFor={`${id}-photo`}>
          {t('scan.photo')}
        </label>
        <input
          id={`${id}-photo`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={props.disabled}
          data-testid="omr-photo-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) props.onPhotos(files);
          }}
        />
      </div>
      {open && (
        <div className="pe-scan-live">
          {/* A live camera picture for aiming; it has no audio and nothing to caption. */}
          <video ref={video} muted playsInline aria-label={t('scan.camera')} />
          <p className={`pe-scan-live-status is-${live.kind}`} role="status" data-testid="omr-live-status">
            {failed ? t('scan.cameraFailed') : status}
          </p>
          <button type="button" className="btn btn-primary" disabled={live.kind !== 'ready'} onClick={() => void keep()}>
            {t('scan.live.keep')}
          </button>
        </div>
      )}
    </div>
  );
}
