import { HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE, MeasurementType, NormFunctionSource, NormFunctionType, ReassessmentAdvice, SalaryInterval, SpecialCondition } from '../../../src/domain/wage-value/constants';
import { storedResearchFlags } from '../../../src/domain/wage-value/measurement';
import { type SeedContext, base } from './context';
import { insertRow, insertRows } from './insert';
import { isoDate, isoTime } from './prng';
import type { ReferenceIds } from './reference';

export interface MeasurementRequest {
  participant: { id: number; firstname: string; prefix: string | null; lastname: string; bsn: string; birthdate: string };
  status: 'concept' | 'definitive' | 'cancelled';
  type: 1 | 2;
  /** Days ago the measurement was made. */
  daysAgo: number;
  employer: string;
  createdById: number;
  expert: { id: number; name: string };
}

const FUNCTIONS: readonly { name: string; tasks: readonly (readonly [string, number])[] }[] = [
  { name: 'Medewerker groenvoorziening', tasks: [['Maaien en snoeien', 40], ['Onkruid verwijderen', 30], ['Zwerfafval ruimen', 20], ['Gereedschap onderhouden', 10]] },
  { name: 'Orderpicker', tasks: [['Orders verzamelen', 50], ['Goederen ontvangen en controleren', 25], ['Emballage verwerken', 15], ['Magazijn opruimen', 10]] },
  { name: 'Schoonmaakmedewerker', tasks: [['Sanitair reinigen', 35], ['Vloeren reinigen', 35], ['Afval afvoeren', 15], ['Voorraad aanvullen', 15]] },
  { name: 'Medewerker facilitaire dienst', tasks: [['Post sorteren en rondbrengen', 30], ['Vergaderzalen klaarzetten', 25], ['Koffieautomaten bijvullen', 20], ['Kleine reparaties', 15], ['Balie bemensen', 10]] },
  { name: 'Assistent fietsenmaker', tasks: [['Banden plakken en vervangen', 45], ['Fietsen poetsen', 30], ['Onderdelen uitpakken', 25]] },
];

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Wage-value measurements with plausible tasks; answers their ids in request order. */
export async function seedMeasurements(ctx: SeedContext, requests: readonly MeasurementRequest[]): Promise<number[]> {
  const { tx, rng, now } = ctx;
  const ids: number[] = [];
  for (const req of requests) {
    const fn = rng.pick(FUNCTIONS);
    const fullTimeHours = rng.pick([36, 38, 40]);
    const workingHours = rng.pick([16, 20, 24, 28, 32, 36].filter((h) => h <= fullTimeHours));
    const tasks = fn.tasks.map(([description, pct], i) => {
      const pace = rng.int(55, 95);
      const quality = rng.int(70, 100);
      const net = rng.int(75, 100);
      const performance = round2((pace * quality * net) / 10_000);
      return {
        sort_order: i + 1, description, explanation: `${description} volgens de werkinstructie van de werkgever.`,
        minutes_per_week: Math.round(workingHours * 60 * (pct / 100)),
        percentage_pace: pace, pace_explanation: pace < 75 ? 'Werkt zorgvuldig maar trager dan een collega.' : 'Tempo ligt dicht bij de norm.',
        percentage_quality: quality, quality_explanation: quality < 85 ? 'Af en toe is controle en herstel nodig.' : 'Het werk is van goede kwaliteit.',
        percentage_net_working_time: net, net_working_time_explanation: net < 90 ? 'Heeft extra korte pauzes nodig.' : 'Nauwelijks extra pauzes.',
        percentage_time_spent: pct, work_performance: performance,
        percentage_time_spent_norm_function: round2(pct * 0.9), percentage_overlap: rng.int(70, 95),
      };
    });
    const workPerformance = round2(tasks.reduce((sum, t) => sum + (t.work_performance * t.percentage_time_spent) / 100, 0));
    const wageValue = Math.round(workPerformance);
    const partTimeFactor = Math.round((workingHours / fullTimeHours) * 10_000) / 10_000;
    const dispensation = req.type === MeasurementType.wage_dispensation;
    const salary = dispensation ? rng.int(2200, 2700) : null;
    const holidayAllowance = salary === null ? null : round2(salary * (HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE / 100));
    const emolument = salary === null ? null : rng.pick([0, 50, 75]);
    const normWage = salary === null || holidayAllowance === null || emolument === null ? null : round2(salary + holidayAllowance + emolument);
    const startingDate = isoDate(-req.daysAgo, now);
    const complete = req.status !== 'concept';
    const useSpecial = rng.chance(0.6);
    const id = await insertRow(tx, 'wage_value_measurements', {
      ...base(ctx),
      participant_id: req.participant.id,
      status: req.status,
      type: req.type,
      step: complete ? 8 : rng.int(2, 5),
      summary: complete ? `${req.participant.firstname} werkt als ${fn.name.toLowerCase()} en levert een stabiele arbeidsprestatie van ${wageValue}%.` : null,
      research_explanation: 'Observatie op de werkplek en gesprekken met werkgever en werknemer.',
      created_by_user_id: req.createdById,
      expert_user_id: req.expert.id,
      starting_date: startingDate,
      valid_until: isoDate(-req.daysAgo + 365, now),
      employer_name: req.employer,
      wage_value: complete ? wageValue : null,
      part_time_factor: partTimeFactor,
      participant_snapshot: {
        firstname: req.participant.firstname, prefix: req.participant.prefix, lastname: req.participant.lastname,
        birthdate: req.participant.birthdate,
      },
      details: {
        startingDate, validUntil: isoDate(-req.daysAgo + 365, now), employerName: req.employer,
        employerContactName: rng.pick(['Mevr. Kramer', 'Dhr. Veenstra', 'Mevr. Lambers']),
        employerContactEmail: `hr@${req.employer.toLowerCase().replace(/[^a-z]/g, '').slice(0, 20)}.nl`,
        interviewedEmployerName: rng.pick(['Dhr. Hoogland', 'Mevr. Smeets']), performedFunction: fn.name,
        workingHoursPerWeek: workingHours, fullTimeHours, wageValueExpert: req.expert.name,
        context: 'Deelnemer werkt sinds enkele maanden op deze werkplek met begeleiding van een jobcoach.',
      },
      research_activities: {
        // The visit and both interviews took place (with their dates). The spec stores these flags inverted
        // (true = did NOT take place), so the domain's storedResearchFlags() writes them.
        reportDate: isoDate(-req.daysAgo + 7, now),
        ...storedResearchFlags({ companyVisited: true, employeeInterviewed: true, employerInterviewed: true }),
        companyVisitDate: startingDate, interviewedEmployeeDate: startingDate, interviewedEmployerDate: startingDate,
        researchActivitiesExplanation: 'Twee dagdelen observatie op de werkvloer.',
      },
      norm_function: {
        normFunction: fn.name, normFunctionType: NormFunctionType.overlapTheory, normFunctionTypeExplanation: 'De taken komen grotendeels overeen met de normfunctie.',
        normFunctionSource: NormFunctionSource.collectiveAgreement, normFunctionSourceExplanation: 'Functiebeschrijving uit de cao.',
        ...(dispensation ? {
          salaryInterval: SalaryInterval.monthly, salary, holidayAllowancePercentage: HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE,
          holidayAllowance, emolument, normWage, salaryScale: 'Schaal 3',
        } : {}),
      },
      result: complete ? { wageValue, partTimeFactor, workPerformance } : {},
      advice: complete ? {
        useSpecialConditions: useSpecial,
        specialConditions: useSpecial ? [SpecialCondition.additionalGuidance, SpecialCondition.adjustmentsInWorkOrSchedule] : [],
        specialConditionsOther: null,
        specialConditionsExplanation: useSpecial ? 'Vaste begeleider op de werkvloer en een aangepast rooster.' : null,
        reassessmentAdvice: ReassessmentAdvice.twelveToTwentyFourMonths, reassessmentAdviceExplanation: 'De situatie is stabiel.',
        employerDiscussionDate: isoDate(-req.daysAgo + 5, now), employerAgreed: true,
        employeeDiscussionDate: isoDate(-req.daysAgo + 5, now), employeeAgreed: true,
        employeeDiscussionExplanation: 'Werknemer kan zich vinden in de uitkomst.',
      } : {},
      definitive_at: req.status === 'definitive' ? isoTime(-req.daysAgo + 10, now) : null,
      created_at: isoTime(-req.daysAgo, now),
    });
    await insertRows(tx, 'wage_value_tasks', tasks.map((t) => ({ ...base(ctx), measurement_id: id, ...t })));
    ids.push(id);
  }
  return ids;
}

export interface PlanRowRequest {
  participantId: number;
  /** Days from today; negative is in the past. */
  planInDays: number;
  assessorId: number;
  createdById: number;
  employer: { name: string; street: string; city: string; phone: string };
  jobCoach: string | null;
  measurementId: number | null;
  notes: number;
}

/** Planning rows (wage_value_plans) with their notes. */
export async function seedWageValuePlans(ctx: SeedContext, ref: ReferenceIds, requests: readonly PlanRowRequest[]): Promise<number[]> {
  const { tx, rng, now } = ctx;
  const ids: number[] = [];
  for (const req of requests) {
    const done = req.measurementId !== null;
    const status = done ? ref.planStatuses[3] : req.planInDays < 0 ? ref.planStatuses[2] : rng.pick(ref.planStatuses.slice(0, 2));
    const id = await insertRow(tx, 'wage_value_plans', {
      ...base(ctx),
      participant_id: req.participantId,
      status_id: status,
      sequence_id: done ? ref.planSequences[0] : rng.pick(ref.planSequences),
      region_id: rng.pick(ref.regions),
      active: !done,
      plan_date: isoDate(req.planInDays, now),
      assessor_user_id: req.assessorId,
      employer_name: req.employer.name,
      employer_address: req.employer.street,
      employer_place: req.employer.city,
      employer_contact: rng.pick(['Mevr. Kramer', 'Dhr. Veenstra', 'Mevr. Lambers']),
      employer_phone: req.employer.phone,
      job_coach: req.jobCoach,
      notes: 'Meting afstemmen met de jobcoach.',
      measurement_id: req.measurementId,
      created_by_user_id: req.createdById,
      updated_by_user_id: req.createdById,
    });
    ids.push(id);
    const texts = ['Werkgever gebeld, afspraak bevestigd.', 'Werknemer is op de hoogte gebracht.', 'Jobcoach levert de observaties vooraf aan.'];
    await insertRows(tx, 'wage_value_plan_notes', Array.from({ length: req.notes }, (_, i) => ({
      ...base(ctx), plan_id: id, note_date: isoDate(Math.min(0, req.planInDays) - 14 + i * 3, now), assessor_user_id: req.assessorId,
      text: texts[i % texts.length], created_by_user_id: req.createdById, updated_by_user_id: req.createdById,
    })));
  }
  return ids;
}
