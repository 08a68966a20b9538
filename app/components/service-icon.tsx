import type { ServiceIconName as IconName } from "~/content/site-content";

// Line icons drawn on a 24 px grid; stroke follows the text colour. Decorative: the title says it all.
const paths: Record<IconName, React.ReactNode> = {
  plan: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1" />
      <path d="M8.5 10l1.5 1.5 3-3M14.5 10H16M8.5 15.5l1.5 1.5 3-3M14.5 15.5H16" />
    </>
  ),
  education: (
    <>
      <path d="M3 5.5C5.5 4.5 9 4.5 12 6.5c3-2 6.5-2 9-1V19c-2.5-1-6-1-9 1-3-2-6.5-2-9-1z" />
      <path d="M12 6.5V20" />
      <path d="M15.5 10.5c0-1.8 1.2-3 3-3 0 1.8-1.2 3-3 3zM15.5 10.5v2" />
    </>
  ),
  children: (
    <>
      <circle cx="8" cy="5.5" r="2.2" />
      <path d="M4.5 21v-6.5a3.5 3.5 0 017 0V21" />
      <circle cx="16.5" cy="10" r="1.8" />
      <path d="M14 21v-4.5a2.5 2.5 0 015 0V21" />
    </>
  ),
  weight: (
    <>
      <rect x="3.5" y="4" width="17" height="16" rx="3" />
      <path d="M8 9.5a5 5 0 018 0l-2.2 1.6a2.3 2.3 0 00-3.6 0z" />
      <path d="M12 10.5l1-2" />
    </>
  ),
  clinical: (
    <>
      <path d="M12 20s-7.5-4.4-7.5-10A4.2 4.2 0 0112 7.5 4.2 4.2 0 0119.5 10c0 5.6-7.5 10-7.5 10z" />
      <path d="M7 12.5h2.5l1.2-2.3 2 4.3 1.3-2h3" />
    </>
  ),
  sport: (
    <>
      <circle cx="12" cy="13.5" r="7" />
      <path d="M12 13.5V9.5M10 3.5h4M12 3.5v3M18 7l1.5-1.5" />
    </>
  ),
};

export function ServiceIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
