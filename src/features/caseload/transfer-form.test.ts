import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { transferInput, transferProblems, type TransferValues } from './transfer-form';

let t: TFunction;
beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
  t = i18next.getFixedT('nl');
});

const values = (patch: Partial<TransferValues>): TransferValues => ({ kind: 'coach', fromUserId: '', toUserId: '', excluded: [], ...patch });

describe('caseload transfer form: the write\'s schema on the form\'s fields', () => {
  it('nothing chosen: each person on its select, in Dutch', () => {
    expect(transferProblems(t, values({}), [1, 2])).toEqual({ fromUserId: 'Kies wie u vervangt.', toUserId: 'Kies de nieuwe begeleider.' });
  });

  it('the same person twice is refused on the new one (the write\'s forward)', () => {
    expect(transferProblems(t, values({ fromUserId: '3', toUserId: '3' }), [1])).toEqual({ toUserId: 'Kies een andere begeleider dan de huidige.' });
  });

  it('every row left out: the rows are in error; all chosen sends no ids, some sends those ids by kind', () => {
    expect(Object.keys(transferProblems(t, values({ fromUserId: '3', toUserId: '4', excluded: [1, 2] }), [1, 2]))).toEqual(['excluded']);
    expect(transferProblems(t, values({ fromUserId: '3', toUserId: '4' }), [1, 2])).toEqual({});
    expect(transferInput(values({ fromUserId: '3', toUserId: '4' }), [1, 2])).toEqual({ fromUserId: 3, toUserId: 4 });
    expect(transferInput(values({ kind: 'workPlanManager', fromUserId: '3', toUserId: '4', excluded: [1] }), [1, 2])).toEqual({ fromUserId: 3, toUserId: 4, workPlanIds: [2] });
  });
});
