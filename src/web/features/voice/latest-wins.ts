/**
 * Runs one piece of work at a time, always on the newest input (docs/product.md, "Gravação e
 * transcrição em trechos": the draft's extraction). An input given while the work runs waits; a
 * newer one given meanwhile takes its place, so the work never falls behind by more than one
 * run, and never runs twice at once. Each run's result is handed over in the order the runs
 * happened; the caller knows from the input whether it is still the one that matters.
 */
export class LatestWins<TInput, TResult> {
  private running = false;
  private waiting: { input: TInput } | undefined;
  private disposed = false;

  /**
   * @param run - the work; a rejection is logged and the next input runs all the same
   * @param deliver - receives each run's input and result
   */
  constructor(
    private readonly run: (input: TInput) => Promise<TResult>,
    private readonly deliver: (input: TInput, result: TResult) => void,
  ) {}

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running;
  }

  /**
   * Runs the work on `input` now if nothing runs, else when the current run ends — unless a
   * newer input comes first.
   */
  push(input: TInput): void {
    if (this.disposed) return;
    if (this.running) {
      this.waiting = { input };
      return;
    }
    void this.start(input);
  }

  /** Nothing more runs nor is handed over. */
  dispose(): void {
    this.disposed = true;
    this.waiting = undefined;
  }

  private async start(input: TInput): Promise<void> {
    this.running = true;
    try {
      const result = await this.run(input);
      if (!this.disposed) this.deliver(input, result);
    } catch (error) {
      console.error('Falha numa tarefa em segundo plano da consulta por voz.', error);
    } finally {
      this.running = false;
      const next = this.waiting;
      this.waiting = undefined;
      if (next && !this.disposed) void this.start(next.input);
    }
  }
}
