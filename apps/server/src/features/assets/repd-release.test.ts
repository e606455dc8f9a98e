import { describe, expect, it } from 'vitest';
import { sameCapacity } from './repd-changes';
import { downloadAllowed, newestRelease, releaseName } from './repd-release';

describe('REPD release names and attachments (decision 0395)', () => {
  it('reads both spellings of a release name to one id, ordered by publication month', () => {
    expect(releaseName('repd-q4-jan-2025.csv')).toEqual({ id: 'repd-q4-jan-2025', order: 202501 });
    expect(releaseName('REPD_Publication_Q2_2026.csv')).toEqual({ id: 'repd-q2-jul-2026', order: 202607 });
    expect(releaseName('repd-q2-july-2024.csv')).toEqual({ id: 'repd-q2-jul-2024', order: 202407 });
    expect(releaseName('repd-q2-jul-2025.csv')).toEqual(releaseName('REPD_Publication_Q2_2025.csv'));
    expect(releaseName('Renewable Energy Planning Database: Q3 October 2025')).toEqual({ id: 'repd-q3-oct-2025', order: 202510 });
    expect(releaseName('Renewable Energy Planning Database: quarterly extract')).toBeNull();
  });

  it('reads the calendar-quarter names: Q1–Q3 in April, July, October of the year, Q4 in January of the next (decision 0464)', () => {
    expect(releaseName('REPD_Publication_Q3_2025.csv')).toEqual({ id: 'repd-q3-oct-2025', order: 202510 });
    // Uploaded 6 February 2026: not the bundled January 2025 release, and after Q3 2025.
    expect(releaseName('REPD_Publication_Q4_2025.csv')).toEqual({ id: 'repd-q4-jan-2026', order: 202601 });
    expect(releaseName('REPD_publication_Q1_2026.csv')).toEqual({ id: 'repd-q1-apr-2026', order: 202604 });
    expect(releaseName('REPD Publication Q2 2026.csv')).toEqual({ id: 'repd-q2-jul-2026', order: 202607 });
    // The old spelling names its month: unchanged.
    expect(releaseName('repd-q4-jan-2025.csv')).toEqual({ id: 'repd-q4-jan-2025', order: 202501 });
    // Neither form: the attachment's public_updated_at decides Q4's year.
    expect(releaseName('REPD extract Q4 2025', '2026-02-06T10:00:00Z')).toEqual({ id: 'repd-q4-jan-2026', order: 202601 });
    expect(releaseName('REPD extract Q4 2025', '2025-01-20T10:00:00Z')).toEqual({ id: 'repd-q4-jan-2025', order: 202501 });
  });

  it('orders by publication month, then by public_updated_at; a malformed address is an error, not a crash', () => {
    const attachment = (filename: string, updated: string, url = `https://assets.publishing.service.gov.uk/media/${updated}/${filename}`) => ({
      content_type: 'text/csv',
      filename,
      url,
      public_updated_at: updated,
    });
    const json = {
      details: {
        attachments: [
          attachment('REPD_Publication_Q3_2025.csv', '2025-11-01T09:00:00Z'),
          attachment('REPD_Publication_Q4_2025.csv', '2026-02-06T09:00:00Z'),
          attachment('repd-q4-jan-2025.csv', '2025-01-31T09:00:00Z'),
        ],
      },
    };
    expect(newestRelease(json, 'https://www.gov.uk')).toMatchObject({ id: 'repd-q4-jan-2026', fileName: 'REPD_Publication_Q4_2025.csv' });
    const bad = { details: { attachments: [...json.details.attachments, attachment('REPD_Publication_Q1_2026.csv', '2026-05-01T09:00:00Z', 'http://[::1')] } };
    expect(newestRelease(bad, 'https://www.gov.uk')).toBe('the attachment "REPD_Publication_Q1_2026.csv" has an address that cannot be read: "http://[::1"');
  });

  it('picks the newest quarter among the CSV attachments and ignores the spreadsheets', () => {
    const json = {
      details: {
        attachments: [
          { content_type: 'text/csv', filename: 'repd-q1-apr-2026.csv', url: 'https://assets.publishing.service.gov.uk/media/a/repd-q1-apr-2026.csv' },
          { content_type: 'application/vnd.ms-excel', filename: 'repd-q3-oct-2026.xlsx', url: 'https://assets.publishing.service.gov.uk/media/b/repd-q3-oct-2026.xlsx' },
          { content_type: 'text/csv', title: 'REPD Q2 2026', url: '/media/c/REPD_Publication_Q2_2026.csv' },
        ],
      },
    };
    expect(newestRelease(json, 'https://www.gov.uk')).toMatchObject({
      id: 'repd-q2-jul-2026',
      url: 'https://www.gov.uk/media/c/REPD_Publication_Q2_2026.csv',
      fileName: 'REPD_Publication_Q2_2026.csv',
    });
    expect(newestRelease({ details: { attachments: [] } }, 'https://www.gov.uk')).toBe('the publication has no REPD CSV attachment');
    expect(newestRelease({ title: 'x' }, 'https://www.gov.uk')).toBe('the publication lists no attachments');
  });

  it('downloads only from the base host or GOV.UK asset host over https', () => {
    expect(downloadAllowed('https://assets.publishing.service.gov.uk/media/x.csv', 'https://www.gov.uk')).toBe(true);
    expect(downloadAllowed('http://127.0.0.1:3230/media/x.csv', 'http://127.0.0.1:3230')).toBe(true);
    expect(downloadAllowed('https://evil.example/x.csv', 'https://www.gov.uk')).toBe(false);
    expect(downloadAllowed('http://assets.publishing.service.gov.uk/x.csv', 'https://www.gov.uk')).toBe(false);
  });

  it('a capacity rounded in the CSV is the same capacity; a real change is not', () => {
    expect(sameCapacity(49.99, 50)).toBe(true);
    expect(sameCapacity(12.345, 12.3)).toBe(true);
    expect(sameCapacity(12.3, 12.345)).toBe(true);
    expect(sameCapacity(12.3, 12.5)).toBe(false);
    expect(sameCapacity(20, 30)).toBe(false);
    expect(sameCapacity(null, 5)).toBe(false);
    expect(sameCapacity(null, null)).toBe(true);
  });
});
