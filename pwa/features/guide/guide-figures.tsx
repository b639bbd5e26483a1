/**
 * The HR guide's illustrations: small inline SVG diagrams drawn with the shell's colours (classes in
 * guide.css). Each is a role="img" named by its visible caption, so the picture and its text
 * alternative are the same words in every language; the pictures themselves hold no text but a
 * sample code and, in the report chart, the translated word for a hidden figure.
 */
import { useId, type ReactNode } from 'react';

export function GuideFigure({ caption, children, viewBox, testId }: { caption: string; children: ReactNode; viewBox: string; testId: string }) {
  const id = useId();
  return (
    <figure className="guide-figure" data-testid={testId}>
      <svg className="guide-svg" viewBox={viewBox} role="img" aria-labelledby={id} focusable="false">
        {children}
      </svg>
      <figcaption id={id}>{caption}</figcaption>
    </figure>
  );
}

/** A fixed 7x7 pattern that reads as a QR code at a glance (not a real one: nothing to scan here). */
const QR_BITS = ['1110111', '1010101', '1110111', '0001000', '1101011', '0110110', '1011101'];

function QrMark({ x, y, cell }: { x: number; y: number; cell: number }) {
  return (
    <g className="g-ink">
      {QR_BITS.flatMap((row, r) =>
        [...row].map((bit, c) => (bit === '1' ? <rect key={`${String(r)}-${String(c)}`} x={x + c * cell} y={y + r * cell} width={cell} height={cell} /> : null)),
      )}
    </g>
  );
}

function Phone({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect className="g-surface g-stroke" x={x} y={y} width="58" height="104" rx="9" />
      <rect className="g-soft" x={x + 6} y={y + 12} width="46" height="74" rx="3" />
      <rect className="g-primary" x={x + 12} y={y + 52} width="34" height="10" rx="2" />
      <rect className="g-line" x={x + 12} y={y + 24} width="34" height="5" rx="2" />
      <rect className="g-line" x={x + 12} y={y + 35} width="24" height="5" rx="2" />
      <circle className="g-line" cx={x + 29} cy={y + 95} r="4" />
    </g>
  );
}

function Arrow({ x1, x2, y }: { x1: number; x2: number; y: number }) {
  return (
    <g className="g-arrow">
      <line x1={x1} y1={y} x2={x2 - 8} y2={y} />
      <path d={`M${String(x2 - 10)} ${String(y - 7)} L${String(x2)} ${String(y)} L${String(x2 - 10)} ${String(y + 7)}`} />
    </g>
  );
}

/** A code slip (dashed cut line, code as text and QR) and a phone where it is typed. */
export function CodeSlipArt() {
  return (
    <>
      <rect className="g-surface g-cut" x="8" y="20" width="226" height="96" rx="6" />
      <rect className="g-accent" x="8" y="20" width="8" height="96" rx="3" />
      <rect className="g-line" x="28" y="34" width="86" height="6" rx="3" />
      <text className="g-code" x="28" y="73">
        ABCDE-FGH23
      </text>
      <rect className="g-line" x="28" y="88" width="64" height="6" rx="3" />
      <QrMark x={172} y={40} cell={8} />
      <Arrow x1={244} x2={290} y={68} />
      <Phone x={300} y={16} />
    </>
  );
}

/** A tablet offline (crossed cloud) holding answers, then online sending them to the server. */
export function KioskArt() {
  return (
    <>
      <rect className="g-surface g-stroke" x="10" y="18" width="136" height="100" rx="10" />
      <rect className="g-soft" x="20" y="28" width="116" height="80" rx="4" />
      <rect className="g-line" x="30" y="40" width="70" height="6" rx="3" />
      {[0, 1, 2, 3].map((i) => (
        <circle key={i} className={i === 2 ? 'g-primary' : 'g-line'} cx={40 + i * 22} cy={68} r="7" />
      ))}
      <rect className="g-primary" x="84" y="88" width="42" height="12" rx="3" />
      {/* offline: a crossed cloud */}
      <g transform="translate(160 26)">
        <path className="g-surface g-stroke" d="M10 30 a12 12 0 0 1 6-22 a16 16 0 0 1 30 4 a10 10 0 0 1 2 18 z" />
        <line className="g-cross" x1="6" y1="4" x2="52" y2="38" />
      </g>
      {/* locked answers waiting on the device */}
      <g transform="translate(170 78)">
        <rect className="g-primary" x="0" y="12" width="30" height="22" rx="3" />
        <path className="g-arrow" d="M7 12 v-6 a8 8 0 0 1 16 0 v6" />
      </g>
      <Arrow x1={222} x2={268} y={98} />
      {/* the server */}
      <g transform="translate(276 46)">
        {[0, 1, 2].map((i) => (
          <g key={i}>
            <rect className="g-surface g-stroke" x="0" y={i * 24} width="64" height="20" rx="3" />
            <circle className="g-success" cx="52" cy={i * 24 + 10} r="4" />
          </g>
        ))}
      </g>
    </>
  );
}

/** A paper form with its QR code, the camera frame that reads it, and the keyed answers. */
export function PaperArt() {
  return (
    <>
      <rect className="g-surface g-stroke" x="12" y="8" width="104" height="128" rx="4" />
      <QrMark x={74} y={16} cell={4.5} />
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <rect className="g-line" x="22" y={60 + i * 18} width="46" height="5" rx="2" />
          {[0, 1, 2, 3].map((j) => (
            <circle key={j} className={(i + j) % 3 === 0 ? 'g-primary' : 'g-stroke-only'} cx={76 + j * 10} cy={62 + i * 18} r="3.5" />
          ))}
        </g>
      ))}
      <Arrow x1={124} x2={168} y={72} />
      {/* camera frame */}
      <g className="g-frame" transform="translate(176 36)">
        <path d="M0 16 V0 H16 M56 0 H72 V16 M72 56 V72 H56 M16 72 H0 V56" />
      </g>
      <QrMark x={196} y={56} cell={4.5} />
      <Arrow x1={256} x2={286} y={72} />
      {/* laptop with keyed answers */}
      <rect className="g-surface g-stroke" x="292" y="40" width="64" height="46" rx="4" />
      <rect className="g-stroke" x="284" y="88" width="80" height="8" rx="3" />
      {[0, 1, 2].map((i) => (
        <rect key={i} className={i === 1 ? 'g-primary' : 'g-line'} x="300" y={50 + i * 11} width={i === 1 ? 30 : 46} height="5" rx="2" />
      ))}
    </>
  );
}

/** A report's bar chart: three groups shown, one too small and hidden (dashed, the translated word under it). */
export function HiddenGroupArt({ hidden }: { hidden: string }) {
  const bars = [78, 54, 0, 66];
  return (
    <>
      <line className="g-axis" x1="30" y1="120" x2="350" y2="120" />
      <line className="g-axis" x1="30" y1="12" x2="30" y2="120" />
      {bars.map((h, i) => {
        const x = 52 + i * 76;
        return h > 0 ? (
          <rect key={i} className="g-primary" x={x} y={120 - h} width="48" height={h} rx="3" />
        ) : (
          <g key={i}>
            <rect className="g-hidden" x={x} y="40" width="48" height="80" rx="3" />
            <g transform={`translate(${String(x + 14)} 62)`}>
              <rect className="g-muted" x="0" y="10" width="20" height="15" rx="2" />
              <path className="g-arrow" d="M4 10 v-4 a6 6 0 0 1 12 0 v4" />
            </g>
            <text className="g-label" x={x + 24} y="140" textAnchor="middle">
              {hidden}
            </text>
          </g>
        );
      })}
    </>
  );
}
