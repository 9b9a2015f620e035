// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiApi } from '@shared/api/ai';
import { cid10Api } from '@shared/api/catalogues';
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import type { PatientInfo } from '@shared/records/medical-record';
import {
  createDoctorData,
  json,
  putOpenRecord,
  renderWithDoctorData,
} from '../../../testing/render-with-doctor-data';
import {
  answerRecordSaves,
  draftRecord,
  OpenRecordStep,
  outcomesSent,
  savedRecords,
} from './record-steps.testing';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const TENSION_HEADACHE: Cid10SearchResult = {
  code: 'G44.2',
  description: 'Cefaléia tensional',
  category: 'Outras síndromes de algias cefálicas',
  categoryCode: 'G44',
  chapter: { number: 6, title: 'Doenças do sistema nervoso' },
  relevance: 92,
};

const MIGRAINE: Cid10SearchResult = {
  ...TENSION_HEADACHE,
  code: 'G43.9',
  description: 'Enxaqueca, sem especificação',
  category: 'Enxaqueca',
  categoryCode: 'G43',
  relevance: 71,
};

function renderAssessment(content: { assessment?: string; patientInfo?: PatientInfo } = {}) {
  const doctor = createDoctorData();
  const record = draftRecord('assessment', content);
  answerRecordSaves(doctor.server, record);
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

const assessmentField = () =>
  screen.getByLabelText<HTMLTextAreaElement>('Avaliação e hipóteses diagnósticas');

describe('AssessmentStep', () => {
  it('lists the diagnoses coded in the assessment as she writes the code', async () => {
    const { user } = renderAssessment({ assessment: 'HAS descompensada' });
    expect(screen.getByText(/Nenhum diagnóstico codificado/)).toBeTruthy();
    await user.type(assessmentField(), ' (CID-10 I10)');
    const list = screen.getByRole('region', { name: 'Diagnósticos codificados (CID-10)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['I10 — HAS descompensada']);
  });

  it('saves the assessment as typed; formatting waits for some text', async () => {
    const { user, server } = renderAssessment();
    expect(screen.getByRole('heading', { name: 'Avaliação' })).toBeTruthy();
    const format = screen.getByRole('button', { name: 'Formatar com IA' });
    expect(format.hasAttribute('disabled')).toBe(true);

    await user.type(assessmentField(), 'Cefaleia tensional');

    expect(format.hasAttribute('disabled')).toBe(false);
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.assessment).toBe('Cefaleia tensional');
    });
  });

  it("adds a CID found by 'Adicionar CIDs' as a new line, once", async () => {
    const { user, server } = renderAssessment({
      assessment: 'Dor em faixa, bilateral',
      patientInfo: { gender: 'feminino', age: 34 },
    });
    server.on(cid10Api.search, () => json({ results: [TENSION_HEADACHE, MIGRAINE] }));
    const toggle = screen.getByRole('button', { name: 'Adicionar CIDs' });

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Adicionar CIDs' });
    await user.type(within(panel).getByLabelText('Buscar CID'), 'cefaleia{Enter}');

    const add = await within(panel).findByRole('button', { name: 'Adicionar G44.2' });
    // The patient's sex and age narrow the search on the server.
    const [search] = server.requestsTo(cid10Api.search);
    expect(Object.fromEntries(search?.query ?? [])).toEqual({
      q: 'cefaleia',
      limit: '10',
      sex: 'feminino',
      age: '34',
    });
    // Each result is titled by its own code and description; the category is secondary, and no
    // percentage pretends to be a probability.
    expect(within(panel).getByText('G44.2 Cefaléia tensional')).toBeTruthy();
    expect(
      within(panel).getByText('Categoria G44 — Outras síndromes de algias cefálicas'),
    ).toBeTruthy();
    expect(within(panel).getByText('G43.9 Enxaqueca, sem especificação')).toBeTruthy();
    expect(within(panel).queryByText(/Relevância|%/)).toBeNull();

    await user.click(add);

    expect(assessmentField().value).toBe('Dor em faixa, bilateral\nG44.2 - Cefaléia tensional');
    const added = within(panel).getByRole('button', { name: 'Adicionado G44.2' });
    expect(added.hasAttribute('disabled')).toBe(true);
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.assessment).toBe(
        'Dor em faixa, bilateral\nG44.2 - Cefaléia tensional',
      );
    });
  });

  it('searches as the doctor types, from two characters, once she pauses', async () => {
    const { user, server } = renderAssessment();
    server.on(cid10Api.search, ({ query }) =>
      json({ results: query.get('q') === 'enxaq' ? [MIGRAINE] : [] }),
    );
    await user.click(screen.getByRole('button', { name: 'Adicionar CIDs' }));
    const search = screen.getByLabelText('Buscar CID');
    // Opened with the cursor in the search.
    expect(document.activeElement).toBe(search);

    await user.type(search, 'e');
    // One letter is not searched, even after the pause.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.requestsTo(cid10Api.search)).toEqual([]);

    await user.type(search, 'nxaq');
    expect(await screen.findByText('G43.9 Enxaqueca, sem especificação')).toBeTruthy();
    expect(server.requestsTo(cid10Api.search).map((request) => request.query.get('q'))).toEqual([
      'enxaq',
    ]);
  });

  it('says when the search finds nothing, when it fails, and when a code is for the other sex', async () => {
    const { user, server } = renderAssessment({ patientInfo: { gender: 'masculino' } });
    server.on(cid10Api.search, () => json({ results: [] }));
    await user.click(screen.getByRole('button', { name: 'Adicionar CIDs' }));
    const search = screen.getByLabelText('Buscar CID');

    await user.type(search, 'xyzw{Enter}');
    expect(await screen.findByText('Nenhum CID encontrado para "xyzw"')).toBeTruthy();

    server.on(cid10Api.search, () =>
      json({ success: false, code: 'internal', error: 'Erro interno.' }, { status: 500 }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Erro ao buscar CIDs. Tente novamente.',
    );
    expect(warn).toHaveBeenCalledWith('Busca de CID falhou.', expect.anything());

    server.on(cid10Api.search, () =>
      json({ results: [{ ...TENSION_HEADACHE, code: 'O21.0', restrictedTo: 'feminino' }] }),
    );
    await user.clear(search);
    await user.type(search, 'O21{Enter}');
    expect(
      await screen.findByText('Exclusivo do sexo feminino (paciente do sexo masculino)'),
    ).toBeTruthy();
  });

  it("'Formatar com IA' replaces the text and offers the CIDs, saying when the offline engine wrote them", async () => {
    const { user, server } = renderAssessment({ assessment: 'dor de cabeca em aperto' });
    server.on(aiApi.enhanceAssessment, () =>
      json(
        {
          improvedText: 'Cefaleia em aperto, bilateral.',
          suggestedCIDs: [
            { code: 'G44.2', description: 'Cefaleia tensional', category: 'G44', confidence: 0.8 },
          ],
          confidence: 0.8,
        },
        { source: 'offline', aiUse: 'ai-use-1' },
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Formatar com IA' }));

    const suggested = await screen.findByRole('heading', { name: 'CIDs sugeridos (Modo offline)' });
    expect(assessmentField().value).toBe('Cefaleia em aperto, bilateral.');
    // The request names the visit, whose chart records the use; the rewrite taken is 'accepted'.
    expect(server.requestsTo(aiApi.enhanceAssessment)[0]?.body).toEqual({
      text: 'dor de cabeca em aperto',
      recordId: 'rec-1',
    });
    await waitFor(() => {
      expect(outcomesSent(server)).toEqual([{ useId: 'ai-use-1', outcome: 'accepted' }]);
    });
    const list = suggested.parentElement;
    if (!list) throw new Error('No suggestions section');
    await user.click(within(list).getByRole('button', { name: 'Adicionar G44.2' }));
    expect(assessmentField().value).toBe(
      'Cefaleia em aperto, bilateral.\nG44.2 - Cefaleia tensional',
    );
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.assessment).toBe(
        'Cefaleia em aperto, bilateral.\nG44.2 - Cefaleia tensional',
      );
    });

    // The doctor changes the rewrite by hand: the use is 'edited', said once.
    await user.type(assessmentField(), ' Sem sinais de alarme.');
    await waitFor(() => {
      expect(outcomesSent(server)).toEqual([
        { useId: 'ai-use-1', outcome: 'accepted' },
        { useId: 'ai-use-1', outcome: 'edited' },
      ]);
    });
  });

  it('keeps the text as written when formatting is unavailable, and says so', async () => {
    const { user, server } = renderAssessment({ assessment: 'dor de cabeca' });
    server.on(aiApi.enhanceAssessment, () =>
      json(
        { success: false, code: 'provider_failed', error: 'O serviço de IA falhou.' },
        { status: 502 },
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: 'Formatar com IA' }));

    expect(
      (await screen.findByText(/^Formatação por IA indisponível no momento; texto mantido\./))
        .textContent,
    ).toBe('Formatação por IA indisponível no momento; texto mantido. O serviço de IA falhou.');
    expect(assessmentField().value).toBe('dor de cabeca');
    expect(savedRecords(server)).toEqual([]);
  });
});
