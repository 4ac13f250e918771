import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { widgetResolver } from './widget-builder';

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});

describe('the widget builder on react-hook-form', () => {
  it("puts the name's message on the name and lists the chart's problems (SaveWidgetSchema)", async () => {
    const resolve = widgetResolver(i18next.t, { uuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', dashboardUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c', sortOrder: 0 });
    const answer = await resolve(
      { name: '', type: 'bar', subject: 'participant', datasets: [{ label: '', operation: 'count', property: 'nope', grouping: 'none', series: null, sumProperty: null, filters: [] }] },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(answer.errors.name?.message).toMatch(/\S/);
    expect(answer.errors.name?.message).not.toMatch(/^dashboards\./);
    expect(Object.values(answer.errors.root?.types ?? {}).length).toBeGreaterThan(0);
  });
});
