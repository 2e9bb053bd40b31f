/** The company's mark: a path rising through a rounded square (نهج means "path"). */
export function LogoMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="10" fill="#046c4e" />
      <path d="M10 29V15.5a2.5 2.5 0 0 1 4.4-1.6L25.6 27a2.5 2.5 0 0 0 4.4-1.6V11" fill="none" stroke="#fff" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="30" cy="11" r="2.6" fill="#fbbf24" />
    </svg>
  );
}
