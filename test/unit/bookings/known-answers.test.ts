/** A person's earlier answers: each question's latest answer over their bookings. */
import { describe, expect, it } from 'vitest';
import { latestAnswers } from '../../../main/core/bookings/known-answers';

describe('known answers', () => {
  it('takes each question’s latest answer, keeping older answers to questions asked only before', () => {
    const known = latestAnswers([
      { id: 3, created_at: '2026-03-01T10:00:00Z', field_data: { insurance: 'Cigna', reason: '' } },
      { id: 1, created_at: '2026-01-01T10:00:00Z', field_data: { zip: '60601', insurance: 'Delta Dental' } },
      { id: 2, created_at: '2026-02-01T10:00:00Z', field_data: {} },
      { id: 3, created_at: '2026-03-01T10:00:00Z', field_data: { insurance: 'Cigna', reason: '' } },
    ]);
    expect(known).toEqual({ answers: { zip: '60601', insurance: 'Cigna' }, from: '2026-03-01T10:00:00Z' });
  });

  it('knows nothing without answered bookings', () => {
    expect(latestAnswers([{ id: 1, created_at: null, field_data: null }])).toEqual({ answers: {}, from: null });
  });
});
