/** The product mark: three rising bars in a rounded square (same drawing as the app icons). */
export function LogoMark({ className = 'logo-mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <rect x="8" y="17" width="4" height="7" rx="1" fill="#fff" />
      <rect x="14" y="12" width="4" height="12" rx="1" fill="#fff" />
      <rect x="20" y="7" width="4" height="17" rx="1" fill="#fbbf24" />
    </svg>
  );
}

/** The pulse logo: a heartbeat line. */
export function PulsMark({ className = 'logo-mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M5 17h6l2.5-6 4 12 3-8 1.5 2H27" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
