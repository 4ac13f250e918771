import { type SeedContext, base } from './context';
import { employers } from './dutch';
import { insertRow, insertRows } from './insert';

/** Ids of a company's reference data, for the steps that follow. */
export interface ReferenceIds {
  provisionTypes: number[];
  terminationReasons: number[];
  behaviors: number[];
  skills: number[];
  workOrders: number[];
  blueprints: { id: number; name: string; behaviors: number[]; skills: number[]; workOrders: number[]; provisionType: number }[];
  instruments: number[];
  workplaces: number[];
  placementLabels: number[];
  rejectReasons: number[];
  planStatuses: number[];
  planSequences: number[];
  regions: number[];
}

const COMPETENCIES: readonly { name: string; behaviors: readonly string[] }[] = [
  { name: 'Werkhouding', behaviors: ['Komt op tijd', 'Houdt zich aan afspraken', 'Meldt zich tijdig af bij ziekte'] },
  { name: 'Samenwerken', behaviors: ['Helpt collega’s', 'Accepteert aanwijzingen', 'Deelt informatie'] },
  { name: 'Zelfstandigheid', behaviors: ['Plant het eigen werk', 'Lost eenvoudige problemen zelf op'] },
  { name: 'Communicatie', behaviors: ['Vraagt om hulp wanneer nodig', 'Luistert actief', 'Geeft duidelijk aan wat niet lukt'] },
];

const DISCIPLINES: readonly { name: string; categories: readonly { label: string; skills: readonly string[] }[] }[] = [
  { name: 'Groenvoorziening', categories: [
    { label: 'Onderhoud', skills: ['Snoeien', 'Onkruid wieden', 'Gras maaien'] },
    { label: 'Machines', skills: ['Bosmaaier bedienen', 'Bladblazer bedienen'] },
  ] },
  { name: 'Logistiek', categories: [
    { label: 'Magazijn', skills: ['Orderpicken', 'Voorraad tellen', 'Goederen ontvangen'] },
    { label: 'Transport', skills: ['Heftruck rijden', 'Pallets stapelen'] },
  ] },
  { name: 'Schoonmaak', categories: [
    { label: 'Interieur', skills: ['Sanitair reinigen', 'Vloeren dweilen', 'Stof afnemen'] },
  ] },
];

const WORK_ORDERS: readonly { name: string; description: string; discipline: number }[] = [
  { name: 'Plantsoen onderhouden', description: 'Onkruid verwijderen en randen steken in het plantsoen.', discipline: 0 },
  { name: 'Heg snoeien', description: 'De heg langs het fietspad snoeien volgens instructie.', discipline: 0 },
  { name: 'Gazon maaien', description: 'Het gazon maaien en het maaisel afvoeren.', discipline: 0 },
  { name: 'Orders verzamelen', description: 'Orders verzamelen met de handscanner.', discipline: 1 },
  { name: 'Inkomende goederen controleren', description: 'Pakbon controleren en goederen inboeken.', discipline: 1 },
  { name: 'Voorraad tellen', description: 'Wekelijkse telling van een magazijnvak.', discipline: 1 },
  { name: 'Kantine schoonmaken', description: 'Tafels, vloer en keukenblok schoonmaken.', discipline: 2 },
  { name: 'Sanitair reinigen', description: 'Toiletten en wastafels reinigen volgens schema.', discipline: 2 },
  { name: 'Veiligheidsinstructie volgen', description: 'Instructie persoonlijke beschermingsmiddelen.', discipline: 1 },
  { name: 'Werkplek opruimen', description: 'Gereedschap terugleggen en de werkplek opruimen.', discipline: 0 },
];

/** Seeds one company's catalogues: provision types, SRG reasons, competencies, disciplines, blueprints, instruments, relations, placement and wage-value lists. */
export async function seedReference(ctx: SeedContext): Promise<ReferenceIds> {
  const { tx, rng } = ctx;
  const provisionTypes = await insertRows(tx, 'provision_types', [
    { ...base(ctx), label: 'Werkervaringsplaats', code: 'WEP' },
    { ...base(ctx), label: 'Jobcoaching', code: 'JC' },
    { ...base(ctx), label: 'Loonkostensubsidie', code: 'LKS' },
    { ...base(ctx), label: 'Beschut werk', code: 'BW' },
  ]);
  const terminationReasons = await insertRows(tx, 'work_plan_termination_reasons', [
    ['Doel bereikt', '01'], ['Uitstroom naar regulier werk', '02'], ['Gestart met een opleiding', '03'],
    ['Verhuisd naar een andere gemeente', '04'], ['Medische redenen', '05'], ['Onvoldoende medewerking', '06'],
    ['Overige redenen', '99'],
  ].map(([label, srg], i) => ({ ...base(ctx), label, srg_value: srg, sort_order: i })));

  const systemId = await insertRow(tx, 'competency_systems', { ...base(ctx), name: 'Werknemersvaardigheden', description: 'Basisvaardigheden voor werk' });
  const behaviors: number[] = [];
  for (const [i, c] of COMPETENCIES.entries()) {
    const competencyId = await insertRow(tx, 'competencies', { ...base(ctx), competency_system_id: systemId, name: c.name, habitat: i === 0, sort_order: i });
    behaviors.push(...(await insertRows(tx, 'behaviors', c.behaviors.map((name, j) => ({
      ...base(ctx), competency_id: competencyId, name, sort_order: j,
      criteria: [{ id: 1, label: 'Laat dit gedrag zelden zien' }, { id: 2, label: 'Laat dit gedrag regelmatig zien' }, { id: 3, label: 'Laat dit gedrag altijd zien' }],
    })))));
  }

  const disciplines: number[] = [];
  const skills: number[] = [];
  for (const d of DISCIPLINES) {
    const disciplineId = await insertRow(tx, 'disciplines', { ...base(ctx), name: d.name });
    disciplines.push(disciplineId);
    for (const [i, cat] of d.categories.entries()) {
      const categoryId = await insertRow(tx, 'skill_categories', { ...base(ctx), discipline_id: disciplineId, label: cat.label, sort_order: i });
      skills.push(...(await insertRows(tx, 'skills', cat.skills.map((name, j) => ({
        ...base(ctx), discipline_id: disciplineId, category_id: categoryId, name, sort_order: j,
      })))));
    }
  }
  const workOrders = await insertRows(tx, 'work_orders', WORK_ORDERS.map((w) => ({
    ...base(ctx), name: w.name, description: w.description, discipline_id: disciplines[w.discipline] ?? null,
  })));

  const categories = await insertRows(tx, 'blueprint_categories', [
    { ...base(ctx), label: 'Werkfit', sort_order: 0 },
    { ...base(ctx), label: 'Vakgericht', sort_order: 1 },
  ]);
  const blueprintDefs = [
    { name: 'Werkfit in het groen', category: 0, discipline: 0, provision: 0, workOrders: [0, 1, 2, 9] },
    { name: 'Magazijnmedewerker', category: 1, discipline: 1, provision: 1, workOrders: [3, 4, 5, 8] },
    { name: 'Schoonmaak basis', category: 1, discipline: 2, provision: 0, workOrders: [6, 7, 9] },
  ];
  const skillsByDiscipline = [skills.slice(0, 5), skills.slice(5, 10), skills.slice(10)];
  const blueprints: ReferenceIds['blueprints'] = [];
  for (const def of blueprintDefs) {
    const provisionType = provisionTypes[def.provision] ?? null;
    const id = await insertRow(tx, 'blueprints', {
      ...base(ctx), name: def.name, description: `Werkplan voor ${def.name.toLowerCase()}.`, category_id: categories[def.category] ?? null,
      competency_system_id: systemId, provision_type_id: provisionType, participant_status_ids: [3, 4, 5],
    });
    const steps = await insertRows(tx, 'blueprint_steps', ['Oriëntatie', 'Ontwikkeling', 'Afronding'].map((label, i) => ({
      ...base(ctx), blueprint_id: id, label, sort_order: i,
    })));
    const bBehaviors = rng.sample(behaviors, 3);
    const bSkills = rng.sample(skillsByDiscipline[def.discipline] ?? [], 2);
    const bWorkOrders = def.workOrders.map((i) => workOrders[i]).filter((x): x is number => x !== undefined);
    await insertRows(tx, 'blueprint_behaviors', bBehaviors.map((b, i) => ({ ...base(ctx), blueprint_id: id, behavior_id: b, target_score: 3, sort_order: i })));
    await insertRows(tx, 'blueprint_skills', bSkills.map((s, i) => ({ ...base(ctx), blueprint_id: id, skill_id: s, target_score: rng.int(2, 3), sort_order: i })));
    await insertRows(tx, 'blueprint_work_orders', bWorkOrders.map((w, i) => ({
      ...base(ctx), blueprint_id: id, work_order_id: w, step_id: steps[Math.min(2, Math.floor(i / 2))] ?? null, sort_order: i,
    })));
    await insertRows(tx, 'blueprint_disciplines', [{ company_id: ctx.companyId, blueprint_id: id, discipline_id: disciplines[def.discipline] }]);
    blueprints.push({ id, name: def.name, behaviors: bBehaviors, skills: bSkills, workOrders: bWorkOrders, provisionType: provisionType ?? 0 });
  }

  const businesses = await insertRows(tx, 'businesses', employers.map((e) => {
    const [street, number] = e.street.split(/ (?=\d)/);
    return { ...base(ctx), name: e.name, street, house_number: number, city: e.city, phone: e.phone, contact: 'Afdeling HR' };
  }));
  const workplaces = await insertRows(tx, 'workplaces', employers.map((e, i) => ({
    ...base(ctx), business_id: businesses[i], name: `${['Medewerker groen', 'Orderpicker', 'Schoonmaker', 'Medewerker facilitair', 'Assistent fietsenmaker', 'Medewerker buitendienst', 'Winkelmedewerker'][i] ?? 'Medewerker'} bij ${e.name}`,
    contact: rng.pick(['Mevr. Kramer', 'Dhr. Veenstra', 'Mevr. Lambers', 'Dhr. Hoogland']), phone: e.phone,
    available_since: `2026-0${(i % 9) + 1}-01`, city: e.city, capacity: rng.int(1, 4),
    notes: i % 2 === 0 ? 'Goed bereikbaar met het openbaar vervoer.' : null,
  })));

  const instrumentCategories = await insertRows(tx, 'instrument_categories', [
    { ...base(ctx), label: 'Activering', sort_order: 0 },
    { ...base(ctx), label: 'Scholing', sort_order: 1 },
  ]);
  const matchingCategories = await insertRows(tx, 'matching_categories', [
    { ...base(ctx), label: 'Doelgroep', single_selection: false, sort_order: 0 },
    { ...base(ctx), label: 'Belastbaarheid', single_selection: true, sort_order: 1 },
  ]);
  const criteria = [
    ...(await insertRows(tx, 'matching_criteria', ['Jongeren tot 27 jaar', 'Statushouders', 'Bijstandsgerechtigden'].map((label, i) => ({
      ...base(ctx), category_id: matchingCategories[0], label, sort_order: i,
    })))),
    ...(await insertRows(tx, 'matching_criteria', ['Minder dan 16 uur', '16 tot 32 uur', 'Meer dan 32 uur'].map((label, i) => ({
      ...base(ctx), category_id: matchingCategories[1], label, sort_order: i,
    })))),
  ];
  const instruments = await insertRows(tx, 'instruments', [
    ['Werkfit-traject', 0, 'Deelnemers werken aan basisvaardigheden op een leerwerkplek.'],
    ['Taalcoaching op de werkvloer', 1, 'Nederlands leren tijdens het werk.'],
    ['Heftruckcertificaat', 1, 'Opleiding en examen voor het heftruckcertificaat.'],
  ].map(([name, cat, aim], i) => ({
    ...base(ctx), name, category_id: instrumentCategories[Number(cat)], competency_system_id: systemId,
    provision_type_id: provisionTypes[i % provisionTypes.length], childcare_allowance: i === 0, kwnw_step: i === 0 ? 'Activering' : 'Scholing',
    participant_status_ids: [3, 4, 21], sections: { aim, method: 'Praktijkleren onder begeleiding van een jobcoach.', duration: '3 tot 6 maanden' },
  })));
  for (const [i, instrumentId] of instruments.entries()) {
    await insertRows(tx, 'instrument_criteria', rng.sample(criteria, 2).map((c) => ({ company_id: ctx.companyId, instrument_id: instrumentId, criterion_id: c })));
    await insertRows(tx, 'instrument_disciplines', [{ company_id: ctx.companyId, instrument_id: instrumentId, discipline_id: disciplines[i % disciplines.length] }]);
    await insertRows(tx, 'instrument_workplaces', [{ company_id: ctx.companyId, instrument_id: instrumentId, workplace_id: workplaces[i] }]);
    await tx.query('SELECT refresh_instrument_links($1)', [instrumentId]);
  }

  const placementLabels = await insertRows(tx, 'placement_process_labels', [
    ['Voorgesteld', false], ['Kennismaking', false], ['Proefplaatsing', true], ['Geplaatst', true],
  ].map(([label, occupies], i) => ({ ...base(ctx), label, occupies_place: occupies, sort_order: i })));
  const rejectReasons = await insertRows(tx, 'placement_reject_reasons', [
    'Past niet bij het profiel', 'Werkplek niet bereikbaar', 'Werkgever ziet af van plaatsing', 'Deelnemer ziet af van plaatsing',
  ].map((label, i) => ({ ...base(ctx), label, sort_order: i })));

  const planStatuses = await insertRows(tx, 'wage_value_plan_statuses', [
    ['Nieuw', true], ['Ingepland', false], ['Uitgevoerd', false], ['Definitief', true], ['Vervallen', false],
  ].map(([label, locked], i) => ({ ...base(ctx), label, locked, sort_order: i })));
  const planSequences = await insertRows(tx, 'wage_value_plan_sequences', [
    ['Eerste meting', true], ['Herbeoordeling', true], ['Tussentijdse meting', false],
  ].map(([label, locked], i) => ({ ...base(ctx), label, locked, sort_order: i })));
  const regions = await insertRows(tx, 'wage_value_regions', ['Noord', 'Midden', 'Zuid', 'West'].map((label, i) => ({ ...base(ctx), label, locked: false, sort_order: i })));
  await insertRow(tx, 'wage_value_settings', {
    ...base(ctx), new_plan_status_id: planStatuses[0], new_plan_sequence_id: planSequences[0],
    definitive_plan_status_id: planStatuses[3], definitive_plan_sequence_id: planSequences[1],
  });

  await insertRows(tx, 'process_flow_statuses', [
    ['Intake', 1, 0, 0, '#3383a9'], ['Diagnose', 1, 0, 1, '#5c9ead'], ['In ontwikkeling', 3, 1, 0, '#79a86b'],
    ['Proefplaatsing', 5, 2, 0, '#e0a63a'], ['Uitstroom', 6, 3, 0, '#9b6bb3'], ['Wachtkamer', 8, null, null, '#8c8c8c'],
  ].map(([label, status, column, row, color]) => ({
    ...base(ctx), label, participant_status_id: status, board_column: column, board_row: row, rows: 1, color,
  })));

  return {
    provisionTypes, terminationReasons, behaviors, skills, workOrders, blueprints, instruments, workplaces,
    placementLabels, rejectReasons, planStatuses, planSequences, regions,
  };
}
