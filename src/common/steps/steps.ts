import { Logger } from '@nestjs/common';
import { loggableError } from '../loggable-error.js';

/**
 * A named unit of work with its undo (medusa's workflow `createStep(run, compensate)`, issue 24). `run` does the
 * work and returns what its compensation needs; `compensate` undoes it when a later step of the same flow fails.
 * A step without a compensation is either the last one, or one whose effect a later failure may keep (say why).
 */
export interface Step<I, O> {
  readonly name: string;
  run(input: I): Promise<O>;
  compensate?: Compensation<I, O>;
}

/** Undoes a completed step: its output, its input, and the error that made the flow fail. */
export type Compensation<I, O> = (output: O, input: I, cause: unknown) => Promise<void>;

export function createStep<I, O>(name: string, run: (input: I) => Promise<O>, compensate?: Compensation<I, O>): Step<I, O> {
  return { name, run, compensate };
}

/** The compensations of the steps a flow completed so far, undone newest first when a later step fails. */
export class StepFlow {
  private readonly completed: { name: string; undo: (cause: unknown) => Promise<void> }[] = [];

  constructor(
    readonly name: string,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /** Runs `step` with `input`; once it returned, its compensation is owed if a later step fails. */
  async step<I, O>(step: Step<I, O>, input: I): Promise<O> {
    const output = await step.run(input);
    const compensate = step.compensate;
    if (compensate) this.completed.push({ name: step.name, undo: (cause) => compensate(output, input, cause) });
    return output;
  }

  /** The names of the completed steps that owe a compensation, oldest first. */
  get owed(): string[] {
    return this.completed.map((c) => c.name);
  }

  /**
   * Undoes the completed steps in reverse order. A compensation that throws is logged and the others still run:
   * the caller rethrows the original error, which a failing compensation never hides.
   */
  async compensate(cause: unknown): Promise<void> {
    while (this.completed.length) {
      const { name, undo } = this.completed.pop()!;
      try {
        await undo(cause);
      } catch (e) {
        this.logger.error(`${this.name}: compensating step "${name}" failed: ${loggableError(e)} (after: ${loggableError(cause)})`);
      }
    }
  }
}

/**
 * Runs a flow of steps: `body` calls `flow.step(...)` in order, so the flow reads as its list of steps. When `body`
 * throws, every completed step is compensated (newest first) and the original error is rethrown.
 */
export async function runSteps<T>(name: string, logger: Pick<Logger, 'error'>, body: (flow: StepFlow) => Promise<T>, options: StepFlowOptions = {}): Promise<T> {
  const flow = new StepFlow(name, logger);
  try {
    return await body(flow);
  } catch (e) {
    if (!options.keepOn?.(e)) await flow.compensate(e);
    throw e;
  }
}

export interface StepFlowOptions {
  /**
   * Errors after which nothing is compensated: the completed steps' effects stay for a later resume (e.g. a crash
   * simulated between a gateway call and its commit: a ledger row left pending is the resume's work, not an undo's).
   */
  keepOn?: (error: unknown) => boolean;
}
