import type { Rolldown } from 'vite';

/**
 * The chunk group of what every page loads first (rolldown's '$initial' tag:
 * the entry and what it imports statically), as one file: it compresses
 * better than the dozen slivers the splitter would otherwise cut it into. A
 * module only ever imported dynamically (the footer, the cookie banner) keeps
 * its own chunk: the tag also took in small ones.
 */
export function initialChunkName(): (moduleId: string, context: Rolldown.ChunkingContext) => string | null {
  return (moduleId, context) => {
    const info = context.getModuleInfo(moduleId);
    return info && info.importers.length === 0 && info.dynamicImporters.length > 0 ? null : 'initial';
  };
}
