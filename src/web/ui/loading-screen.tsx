/** Full-screen spinner with the spec's 'Carregando...' text. */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="h-10 w-10 rounded-full border-4 border-slate-200 border-t-teal-700 animate-spin"
      />
      <p className="text-slate-700">Carregando...</p>
    </div>
  );
}
