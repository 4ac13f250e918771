/**
 * The PostgreSQL server process of the fault-injection test (tests/sync/fault-server.ts): server/main.ts itself,
 * after the deploy the run makes (tests/faults/deployed-writes.ts: probes.save at write version 2).
 */
import { deployProbeSaveOnServer } from '../faults/deployed-writes';

deployProbeSaveOnServer();
await import('../../server/main');
