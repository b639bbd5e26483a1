import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './display';

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => DetectorLike;

/** 'Scan with camera': only where the BarcodeDetector API exists. */
export function CameraScan({ onCode }: { onCode: (raw: string) => void }) {
  const { t } = useTranslation(NS);
  const Detector = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open || !Detector) return;
    let stream: MediaStream | null = null;
    let stop = false;
    const detector = new Detector({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current || stop) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop && video.current) {
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) {
            setOpen(false);
            onCode(found[0].rawValue);
            return;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [open, Detector, onCode]);

  if (!Detector) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t('code.cameraStop') : t('code.camera')}
      </button>
      {open && (
        <div className="pe-camera">
          {/* A live camera picture for aiming; it has no audio and nothing to caption. */}
          <video ref={video} muted playsInline aria-label={t('code.camera')} />
          {failed && <p className="field-error">{t('code.cameraFailed')}</p>}
        </div>
      )}
    </>
  );
}
