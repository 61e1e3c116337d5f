import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The ministry's FA(3) schema kept in the repository (src/domain/invoice/schema/README.md). */
export const FA3_XSD = path.resolve(import.meta.dirname, '../../src/domain/invoice/schema/schemat_FA3_v1-0E.xsd');

/** Validates XML with xmllint against the FA(3) XSD: null when valid, xmllint's complaint otherwise. */
export function fa3SchemaErrors(xml: string): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'fa3-'));
  const file = path.join(dir, 'invoice.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', FA3_XSD, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr;
    return stderr ? stderr.toString() : String(error);
  }
}
