import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from './downloads';

const PDF = 'application/pdf';

describe('downloadName (decision 0422)', () => {
  it.each([
    ['a PDF named as HTML', 'report.html', PDF, 'report.pdf'],
    ['a right-to-left override hiding the extension', 'invoice\u202Efdp.exe', PDF, 'invoicefdp.pdf'],
    ['bidi isolates, zero-width characters and a BOM', '\uFEFFsite\u200B plan\u2066x\u2069.pdf', PDF, 'site planx.pdf'],
    ['control characters and a newline', 'scope\r\n\u0007.pdf', PDF, 'scope.pdf'],
    ['a path', '../../etc/passwd', PDF, 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\me\\NDA.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'NDA.docx'],
    ['the right extension already', 'Our NDA.pdf', PDF, 'Our NDA.pdf'],
    ['the right extension under another', 'report.pdf.html', PDF, 'report.pdf'],
    ['an image type', 'site.PNG', 'image/jpeg', 'site.jpg'],
    ['a legacy Word file', 'terms.doc', 'application/msword', 'terms.doc'],
    ['nothing left of the name', '\u202E.html', PDF, 'document.pdf'],
    ['a dot file', '.htaccess', PDF, 'document.pdf'],
    ['an unknown type', 'x.html', 'text/html', 'x.bin'],
    ['header syntax', 'a"b;c<d>.pdf', PDF, 'ab;cd.pdf'],
  ])('%s: %j → %j', (_name, uploaded, type, expected) => {
    expect(downloadName(uploaded, type)).toBe(expected);
  });

  it('keeps at most 150 characters of the name before the extension', () => {
    expect(downloadName(`${'a'.repeat(400)}.html`, PDF)).toBe(`${'a'.repeat(150)}.pdf`);
  });
});

describe('contentDisposition', () => {
  it('is an attachment with an ASCII fallback and an RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('Our NDA.pdf')).toBe(`attachment; filename="Our NDA.pdf"; filename*=UTF-8''Our%20NDA.pdf`);
    expect(contentDisposition("Café (draft) it's*.pdf")).toBe(`attachment; filename="Caf_ (draft) it's*.pdf"; filename*=UTF-8''Caf%C3%A9%20%28draft%29%20it%27s%2A.pdf`);
    expect(contentDisposition('100%.pdf')).toBe(`attachment; filename="100_.pdf"; filename*=UTF-8''100%25.pdf`);
  });
});
