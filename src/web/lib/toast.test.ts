import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: unknown[][] = [];
vi.mock('sonner', () => {
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      shown.push([kind, ...args]);
  return {
    toast: {
      success: record('success'),
      error: record('error'),
      info: record('info'),
      message: record('message'),
      dismiss: record('dismiss'),
    },
    Toaster: () => null,
  };
});

beforeEach(() => {
  shown.length = 0;
  vi.resetModules();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast (sonner loaded on first use)', () => {
  it('asks for the Toaster and shows the toast once it is mounted, keeping the caller’s id and options', async () => {
    const { toast, toasterState } = await import('./toast.ts');
    expect(toasterState.wanted()).toBe(false);
    const id = toast.error('Could not save', { id: 'save', description: 'Try again' });
    expect(id).toBe('save');
    expect(toasterState.wanted()).toBe(true);
    await settle();
    expect(shown).toEqual([]); // the Toaster is not listening yet
    toasterState.mounted();
    await settle();
    expect(shown).toEqual([['error', 'Could not save', { id: 'save', description: 'Try again' }]]);
  });

  it('gives each toast without an id its own, and dismisses through sonner', async () => {
    const { toast, toasterState } = await import('./toast.ts');
    toasterState.mounted();
    const a = toast.success('Saved');
    const b = toast.info('Note', { duration: 100 });
    expect(a).not.toBe(b);
    toast.dismiss(a);
    await settle();
    expect(shown).toEqual([
      ['success', 'Saved', { id: a }],
      ['info', 'Note', { duration: 100, id: b }],
      ['dismiss', a],
    ]);
  });
});
