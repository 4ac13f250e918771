import type { TransferKind } from '../../domain/transfer/settings';

/** The settings route of each kind (02 §2). */
export function settingsPath(kind: TransferKind) {
  switch (kind) {
    case 'flexibleImporter':
      return '/transfer/importer/flexible/$id/settings' as const;
    case 'importer':
      return '/transfer/importer/$id/settings' as const;
    case 'instrumentImporter':
      return '/transfer/importer/eva-instruments/$id/settings' as const;
    case 'exporter':
      return '/transfer/exporter/$id/settings' as const;
  }
}
