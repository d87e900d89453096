/** file → the files of `dir` it imports at run time. */
export function importGraph(dir: string): Map<string, Set<string>>;
/** The groups of more than one file in an import cycle, each sorted, as paths relative to `dir`. */
export function importCycles(dir: string): string[][];
