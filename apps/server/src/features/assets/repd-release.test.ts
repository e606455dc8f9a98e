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
