// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsApi } from '@shared/api/settings';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { AiUseSummary } from './ai-use-summary';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

describe('AiUseSummary', () => {
  it('shows per feature how often she accepted, edited or discarded, and what is unknown', async () => {
    const doctor = createDoctorData();
    doctor.server.on(settingsApi.aiUse, () =>
      json({
        since: '2026-11-06T12:00:00.000Z',
        features: [
          { task: 'transcribe', total: 3, accepted: 0, edited: 0, discarded: 0 },
          { task: 'plan-suggestions', total: 7, accepted: 4, edited: 1, discarded: 2 },
        ],
      }),
    );
    renderWithDoctorData(<AiUseSummary />, doctor);

    const table = await screen.findByRole('table', { name: 'Seu uso de IA nos últimos 30 dias' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RecursoUsosAceitosEditadosDescartadosSem registro',
      'Transcrição da gravação30003',
      'Sugestão de plano74120',
    ]);
  });

  it('says when there is nothing yet', async () => {
    const doctor = createDoctorData();
    doctor.server.on(settingsApi.aiUse, () =>
      json({ since: '2026-11-06T12:00:00.000Z', features: [] }),
    );
    renderWithDoctorData(<AiUseSummary />, doctor);
    expect(await screen.findByText('Nenhum uso de IA em prontuários neste período.')).toBeTruthy();
  });
});
