/** A small CSV / tab-delimited parser for /v1/import (quoted fields, doubled quotes, CRLF). */

/** Rows of cells; the delimiter is a tab when the first line has tabs and no commas. */
export function parseCsv(text: string, maxRows = 10_000): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delim = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
    } else if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === delim) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c !== '')) rows.push(row);
      if (rows.length > maxRows) return rows;
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
  }
  row.push(cell);
  if (row.some((c) => c !== '')) rows.push(row);
  return rows;
}

/** Rows as objects keyed by the lower-cased, trimmed header names. */
export function csvRecords(rows: string[][]): { header: string[]; records: Array<Record<string, string>> } {
  const [head, ...body] = rows;
  const header = (head ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const records = body.map((r) => {
    const rec: Record<string, string> = {};
    header.forEach((h, i) => {
      const v = r[i]?.trim();
      if (h && v) rec[h] = v;
    });
    return rec;
  });
  return { header, records };
}
