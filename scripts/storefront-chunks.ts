// Rolldown chunk groups for the client build: the pages a visitor lands on load in a handful of files.
//
// Left to itself, rolldown makes a chunk of every set of pages that shares a module: with some sixty lazy pages that is
// a hundred small files, and the course page needed 28 of them before it could hydrate. On a phone each file is a
// request queued behind the others (six connections over HTTP/1.1), so the last one arrived seconds after the first.
// Two groups instead:
// - `storefront`: what the entry loads, and what two or more landing pages share (the cards, prices, the catalog API);
// - `<page>-shared`: what one landing page uses and other pages share too (the course page's modal, accordion and
//   dropdown, also used by checkout and the studio), one file instead of a dozen.
// Everything else (checkout, the lesson player, the studio) keeps rolldown's own splitting. The landing pages' own
// chunks stay lazy (routes.tsx) and are preloaded by the server for the page it renders (web-host/ssr.ts).
import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

interface ChunkGroup {
  name: (id: string, graph: ModuleGraph) => string | null;
  priority: number;
}

/** The modules `from` imports, directly or not (static imports only: a lazy page is a chunk of its own). */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.getModuleInfo(from)?.importedIds ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * `entry` and `landingPages` are absolute module paths. The storefront group outranks the page groups: a group takes
 * the modules its members import too, so a page group that went first would pull the entry's own modules (React) into
 * a file every page then loads.
 */
export function storefrontChunks(entry: string, landingPages: string[]): ChunkGroup[] {
  let plan: Map<string, string> | undefined;
  const chunkOf = (id: string, graph: ModuleGraph): string | undefined => {
    if (!plan) {
      plan = new Map();
      const users = new Map<string, string[]>();
      for (const page of landingPages) {
        for (const id of staticClosure(graph, page)) users.set(id, [...(users.get(id) ?? []), page]);
      }
      for (const [id, pages] of users) {
        if (landingPages.includes(id)) continue;
        plan.set(id, pages.length > 1 ? 'storefront' : `${path.basename(path.dirname(pages[0]!))}-shared`);
      }
      for (const id of staticClosure(graph, entry)) plan.set(id, 'storefront');
    }
    return plan.get(id);
  };
  return [
    { name: (id, graph) => (chunkOf(id, graph) === 'storefront' ? 'storefront' : null), priority: 20 },
    { name: (id, graph) => (chunkOf(id, graph)?.endsWith('-shared') ? chunkOf(id, graph)! : null), priority: 10 },
  ];
}
