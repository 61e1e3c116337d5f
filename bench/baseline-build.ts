/**
 * The shop at an earlier commit, built from git, so that the bench can
 * measure it beside the current build in the same run on the same machine
 * (a throttled trace's absolute value moves with the machine and its load).
 * Built once per commit into node_modules/.cache, with this checkout's
 * packages; the older app talks to the current local backend.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The built `dist` of `commit` (with its `dist-server` beside it), or null with the reason when git cannot give it. */
export async function baselineDist(root: string, commit: string): Promise<{ distDir: string } | { error: string }> {
  const outDir = join(root, 'node_modules', '.cache', `bench-baseline-${commit}`);
  const distDir = join(outDir, 'dist');
  if (existsSync(join(distDir, 'index.html')) && existsSync(join(outDir, 'dist-server'))) return { distDir };
  try {
    await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root });
  } catch {
    return { error: `commit ${commit} is not in this clone (a shallow clone?)` };
  }
  const worktree = join(mkdtempSync(join(tmpdir(), 'bench-baseline-')), 'tree');
  try {
    await run('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: root });
    symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'));
    const vite = join(root, 'node_modules', '.bin', 'vite');
    const options = { cwd: worktree, maxBuffer: 64 * 1024 * 1024 };
    await run(vite, ['build', '--outDir', distDir, '--emptyOutDir'], options);
    await run(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', join(outDir, 'dist-server'), '--emptyOutDir'], options);
    return { distDir };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    return { error: `building ${commit} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  } finally {
    await run('git', ['worktree', 'remove', '--force', worktree], { cwd: root }).catch(() => undefined);
  }
}
