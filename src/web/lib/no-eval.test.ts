import { expect, it } from 'vitest';
import './no-eval';
import { z } from 'zod';

it("turns zod's compiled parsers off, so no form asks the page's policy for eval", () => {
  expect(z.config().jitless).toBe(true);
  const spy = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(spy, {
    construct(target, args: string[]) {
      compiled++;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    expect(z.object({ email: z.string(), n: z.number() }).parse({ email: 'a@b.c', n: 1 })).toEqual({ email: 'a@b.c', n: 1 });
  } finally {
    globalThis.Function = spy;
  }
  expect(compiled).toBe(0);
});
