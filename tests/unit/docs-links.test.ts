import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README orients and the docs hold the topics; these checks keep both
 * true as the code moves: a short README without figures that go stale, no
 * link to a file that is gone, and every decision record dated with a status.
 */

const root = resolve(import.meta.dirname, '../..');
const readme = join(root, 'README.md');
const decisionsDir = join(root, 'docs/decisions');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Code blocks and code spans show paths as text, not as links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links `[text](target "title")` and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

const isRelative = (target: string) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);

/** Relative links of one file whose file does not exist (anchors ignored), as "file → target". */
function brokenLinks(file: string, markdown = readFileSync(file, 'utf8')): string[] {
  return linkTargets(markdown)
    .filter(isRelative)
    .filter((target) => {
      const path = decodeURIComponent(target.split('#')[0]!.split('?')[0]!);
      return path !== '' && !existsSync(resolve(dirname(file), path));
    })
    .map((target) => `${relative(root, file)} → ${target}`);
}

const DECISION_FILE = /^\d{3}-.+\.md$/;
const DATE_STATUS = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by \d{3})\b/m;

describe('README', () => {
  const text = readFileSync(readme, 'utf8');

  it('orients in at most 200 lines; the topics live in docs/', () => {
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('names no test count, which goes stale with every test added', () => {
    expect(text.match(/\b\d[\d,.\u00a0 ]*\s+(unit |component |integration |e2e )?tests\b/gi) ?? []).toEqual([]);
  });
});

describe('links in README.md and docs/', () => {
  it('every relative link points to a file that exists', () => {
    const files = [readme, ...markdownFiles(join(root, 'docs'))];
    expect(files.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('finds a broken link, and ignores anchors, web addresses and code', () => {
    const probe = '[a](spec.md#x) [b](https://example.pl) [c](#top) `[d](gone.md)` [e](gone.md)\n[f]: missing.md\n';
    expect(brokenLinks(join(root, 'docs/probe.md'), probe)).toEqual(['docs/probe.md → gone.md', 'docs/probe.md → missing.md']);
  });
});

describe('decision records', () => {
  const records = readdirSync(decisionsDir).filter((name) => DECISION_FILE.test(name));

  it('exist', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)('%s carries its date and status under the title', (name) => {
    const head = readFileSync(join(decisionsDir, name), 'utf8').split('\n').slice(0, 5).join('\n');
    expect(head).toMatch(DATE_STATUS);
  });

  it('are all listed in docs/decisions/README.md', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
