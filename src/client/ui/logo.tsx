// The group's mark: a medical cross inside a delivery-bag outline. Inline, so the header
// needs no extra request and works offline before the service worker has cached anything.
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="10" width="40" height="34" rx="8" fill="var(--color-brand)" />
      <path
        d="M17 10V8a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2"
        fill="none"
        stroke="var(--color-brand)"
        strokeWidth="3"
      />
      <path d="M20 17h8v7h7v8h-7v7h-8v-7h-7v-8h7z" fill="#ffffff" />
    </svg>
  );
}
