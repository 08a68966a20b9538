/** The practice mark: a leaf in a circle. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="var(--sage-700)" />
      <path d="M12 27c0-9 6-15 16-15 0 10-6 16-14 16-1 0-2 0-2-1z" fill="var(--cream)" />
      <path d="M13 27c3-5 6-8 11-11" stroke="var(--sage-700)" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
