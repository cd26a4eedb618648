/** The association's mark (inline SVG, no external image). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1890ff" />
      <path d="M32 12 14 22v4h36v-4L32 12Zm-14 18v16h6V30h-6Zm11 0v16h6V30h-6Zm11 0v16h6V30h-6ZM14 48v4h36v-4H14Z" fill="#fff" />
    </svg>
  );
}
