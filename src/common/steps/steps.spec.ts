import { createStep, runSteps } from './steps.js';

describe('runSteps (steps with undo)', () => {
  const quietLogger = () => {
    const errors: string[] = [];
    return { errors, logger: { error: (m: unknown) => void errors.push(String(m)) } };
  };

  it('runs the steps in order and returns the body\'s result; nothing is compensated on success', async () => {
    const log: string[] = [];
    const a = createStep('a', async (n: number) => (log.push(`run a ${n}`), n + 1), async () => void log.push('undo a'));
    const b = createStep('b', async (n: number) => (log.push(`run b ${n}`), n * 10), async () => void log.push('undo b'));
    const { logger, errors } = quietLogger();
    const result = await runSteps('flow', logger, async (flow) => flow.step(b, await flow.step(a, 1)));
    expect(result).toBe(20);
    expect(log).toEqual(['run a 1', 'run b 2']);
    expect(errors).toEqual([]);
  });

  it('a failing step compensates the completed steps in reverse order, each with its own output and input, then rethrows', async () => {
    const log: string[] = [];
    const step = (name: string) => createStep(name, async (i: string) => `${name}(${i})`, async (out, i) => void log.push(`undo ${name}: ${out} from ${i}`));
    const failing = createStep('charge', async () => {
      log.push('run charge');
      throw new Error('gateway down');
    }, async () => void log.push('undo charge (must not run: it did not complete)'));
    const noUndo = createStep('read', async (i: string) => (log.push(`read ${i}`), i));
    const { logger } = quietLogger();
    const flow = runSteps('booking', logger, async (f) => {
      const x = await f.step(step('reserve'), 'in');
      await f.step(noUndo, x);
      const y = await f.step(step('open payment'), x);
      await f.step(failing, y);
      return 'never';
    });
    await expect(flow).rejects.toThrow('gateway down');
    expect(log).toEqual([
      'read reserve(in)',
      'run charge',
      'undo open payment: open payment(reserve(in)) from reserve(in)',
      'undo reserve: reserve(in) from in',
    ]);
  });

  it('an error thrown by the body between steps compensates too', async () => {
    const log: string[] = [];
    const a = createStep('a', async () => 1, async () => void log.push('undo a'));
    const { logger } = quietLogger();
    await expect(
      runSteps('flow', logger, async (f) => {
        await f.step(a, undefined);
        throw new RangeError('checked after a');
      }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(log).toEqual(['undo a']);
  });

  it('a compensation that fails is logged, the older ones still run, and the original error is the one thrown', async () => {
    const log: string[] = [];
    const a = createStep('release units', async () => 'a', async () => void log.push('undo a'));
    const b = createStep('void payment', async () => 'b', async () => {
      log.push('undo b fails');
      throw new Error('database gone');
    });
    const c = createStep('call gateway', async () => {
      throw new Error('card declined');
    });
    const { logger, errors } = quietLogger();
    const original = runSteps('booking', logger, async (f) => {
      await f.step(a, null);
      await f.step(b, null);
      await f.step(c, null);
    });
    await expect(original).rejects.toThrow('card declined');
    expect(log).toEqual(['undo b fails', 'undo a']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('booking: compensating step "void payment" failed: Error: database gone');
    expect(errors[0]).toContain('card declined');
  });

  it('a failure in the first step compensates nothing', async () => {
    const { logger, errors } = quietLogger();
    const first = createStep('first', async () => {
      throw new Error('no');
    }, async () => {
      throw new Error('must not run');
    });
    await expect(runSteps('flow', logger, (f) => f.step(first, 0))).rejects.toThrow('no');
    expect(errors).toEqual([]);
  });

  it('owed lists the completed steps with a compensation, oldest first', async () => {
    const { logger } = quietLogger();
    let owed: string[] = [];
    await runSteps('flow', logger, async (f) => {
      await f.step(createStep('a', async () => 0, async () => undefined), 0);
      await f.step(createStep('b', async () => 0), 0);
      await f.step(createStep('c', async () => 0, async () => undefined), 0);
      owed = f.owed;
    });
    expect(owed).toEqual(['a', 'c']);
  });

  it('a compensation is told the error that failed the flow; keepOn errors compensate nothing', async () => {
    const seen: unknown[] = [];
    const a = createStep('ledger row', async () => 'row', async (_out, _in, cause) => void seen.push(cause));
    const { logger } = quietLogger();
    const declined = new Error('declined');
    await expect(runSteps('flow', logger, async (f) => (await f.step(a, null), Promise.reject(declined)))).rejects.toBe(declined);
    expect(seen).toEqual([declined]);
    class Crash extends Error {}
    await expect(
      runSteps('flow', logger, async (f) => (await f.step(a, null), Promise.reject(new Crash('kill -9'))), { keepOn: (e) => e instanceof Crash }),
    ).rejects.toBeInstanceOf(Crash);
    expect(seen).toEqual([declined]);
  });
});
