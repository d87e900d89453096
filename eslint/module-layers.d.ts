export const layers: string[];
export const moduleLayers: Record<string, { layer: string; imports: string[] }>;
export const knownFileCycles: string[][];
