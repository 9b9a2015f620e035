/** Full-screen spinner with the 'Carregando...' text. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-page"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-accent"
      />
      <p className="text-fg-muted">Carregando...</p>
    </div>
  );
}
