import { ok as writeOk, refuse, registerWrite } from '../../sync/writes';
import { auditMutation } from '../scoped';
import { fileByUuid, safeName, storeFile } from '../../portal/stored-files';
import { uploadContentProblem } from '../../http/upload-content';
import { attachableInstrument } from '../../instruments/files';
import { checkWorkPlanFile } from '../../../src/domain/work-plan-files/files';
import { InstrumentFileReason, INSTRUMENT_FILE_KIND } from '../../../src/domain/instruments/files';
import { instrumentWrites } from '../../../src/domain/instruments/writes';

/**
 * addInstrumentFile (issue 23): a document on an instrument, as a declared write with its file (multipart graph
 * request, like addFile of a work plan: the 10 MB body limit counted while it streams, the bytes checked
 * against the name's type). Removing it is deleteFile/restoreFile (server/graph/types/work-plan-files.ts, which
 * ask server/instruments/files.ts for an instrument's document). Rules: server/instruments/files.ts.
 */
registerWrite(
  instrumentWrites.addFile,
  async ({ tx, viewer, input, graph }) => {
    const instrument = await attachableInstrument(tx, viewer, input.instrumentUuid);
    if (typeof instrument === 'string') return refuse(instrument);
    const existing = await fileByUuid(tx, input.uuid);
    if (existing) {
      // a resend of the same upload answers success once the file is there
      const same =
        Number(existing.company_id) === viewer.companyId && Number(existing.kind) === INSTRUMENT_FILE_KIND && Number(existing.user_id) === viewer.userId &&
        Number(existing.instrument_id) === instrument.id;
      return same ? writeOk() : refuse(InstrumentFileReason.invalid);
    }
    const file = graph.upload;
    if (!file) return refuse(InstrumentFileReason.fileMissing);
    const check = checkWorkPlanFile({ name: input.name, size: file.size });
    if (!check.ok) return refuse(check.reason);
    if (await uploadContentProblem(new File([file], input.name))) return refuse(InstrumentFileReason.fileTypeNotAllowed);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length === 0) return refuse(InstrumentFileReason.fileEmpty);
    if (bytes.length !== file.size) return refuse(InstrumentFileReason.invalid);
    const id = await storeFile(tx, graph.config.dataDir, viewer, {
      uuid: input.uuid,
      kind: INSTRUMENT_FILE_KIND,
      name: safeName(input.name, 'document'),
      mime: check.mime,
      bytes,
      participantId: null,
      instrumentId: instrument.id,
    });
    await auditMutation(tx, { ...graph, viewer }, 'instrument.file.add', 'file', id, { instrumentId: instrument.id, size: bytes.length, mime: check.mime });
    return writeOk();
  },
  {
    description:
      "Adds a document to an instrument (instruments:edit and files:add, while the instrument library is on). Multipart graph request: the `file` part carries the bytes (at most 10 MB; pdf, images, Office documents, text), checked by content.",
  },
);
