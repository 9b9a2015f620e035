import type { CSSProperties } from 'react';
import {
  SLOT_GEOMETRY,
  type ReceitaPage,
  type ReceitaSheet as ReceitaSheetModel,
} from '../../shared/receita-document';

/**
 * One receita as it prints: the same words and order as the PDF (receita-pdf.ts), sized to its
 * portion of the A4 page (styles.css, "Receitas" block). White paper and black ink in either
 * theme, since the screen preview shows the paper.
 */
export function ReceitaSheet(props: {
  sheet: ReceitaSheetModel;
  copy?: string | undefined;
  perPage: ReceitaPage['perPage'];
}) {
  const { sheet, copy } = props;
  const geometry = SLOT_GEOMETRY[props.perPage];
  const style: CSSProperties = {
    fontSize: `${geometry.fontPt}pt`,
    padding: `${geometry.paddingMm}mm`,
  };
  return (
    <article
      className="receita-sheet relative flex flex-col bg-white font-sans leading-[1.35] text-black"
      style={style}
      aria-label={[sheet.title, sheet.patient.nameLine, copy].filter(Boolean).join(' — ')}
    >
      {copy && (
        <p
          className="absolute text-[0.9em] font-bold"
          style={{ top: style.padding, right: style.padding }}
        >
          {copy}
        </p>
      )}
      <header className="text-center">
        <p className="text-[1.35em] font-bold">{sheet.header.doctorName}</p>
        {sheet.header.extraLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {sheet.header.registration && <p>{sheet.header.registration}</p>}
        {sheet.header.contactLines.map((line) => (
          <p key={line} className="text-[0.9em] text-neutral-600">
            {line}
          </p>
        ))}
      </header>
      <hr className="my-[0.4em] border-black" />
      <h2 className="text-center text-[1.15em] font-bold">{sheet.title}</h2>

      <div className="mt-[0.6em]">
        <p className="flex justify-between gap-4">
          <span className="font-bold">{sheet.patient.nameLine}</span>
          {sheet.patient.ageLine && <span>{sheet.patient.ageLine}</span>}
        </p>
        {sheet.patient.sexLine && <p>{sheet.patient.sexLine}</p>}
        {sheet.patient.addressLine && <p>{sheet.patient.addressLine}</p>}
      </div>

      <div className="mt-[0.4em]">
        {sheet.groups.map((group) => (
          <section key={group.heading} className="mt-[0.5em]">
            <h3 className="font-bold underline">{group.heading}</h3>
            <ol className="list-none">
              {group.items.map((item) => (
                <li key={item.number} className="mt-[0.3em]">
                  <p className="flex items-baseline gap-[0.6em] font-bold">
                    <span>
                      {item.number}. {item.title}
                    </span>
                    {item.quantity && (
                      <>
                        <span aria-hidden="true" className="flex-1 border-b border-black" />
                        <span className="sr-only">———</span>
                        <span>{item.quantity}</span>
                      </>
                    )}
                  </p>
                  {item.instructions && <p className="pl-[1.2em]">{item.instructions}</p>}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      {sheet.notesLine && <p className="mt-[0.6em]">{sheet.notesLine}</p>}
      {sheet.validityLine && <p className="mt-[0.6em] font-bold">{sheet.validityLine}</p>}

      <footer className="mt-auto pt-[0.6em]">
        <p className="text-right">{sheet.date}</p>
        <div className="mx-auto mt-[2em] w-[min(60%,75mm)] border-t border-black" />
        <p className="text-center font-bold">{sheet.signature.name}</p>
        {sheet.signature.registration && (
          <p className="text-center">{sheet.signature.registration}</p>
        )}
        {sheet.identification && (
          <div className="mt-[0.6em] flex gap-[1em] text-[0.85em]">
            {sheet.identification.map((box, index) => (
              <div
                key={box.title}
                className={`border border-black p-[0.5em] ${index === 0 ? 'basis-3/5' : 'basis-2/5'}`}
              >
                <p className="font-bold">{box.title}</p>
                <div
                  className={`grid gap-x-[1em] gap-y-[0.3em] ${index === 0 ? 'grid-cols-2' : 'grid-cols-1 gap-y-[1em]'}`}
                >
                  {box.fields.map((field) => (
                    <p key={field}>{field}</p>
                  ))}
                </div>
              </div>
            ))}
          </div>
        )}
      </footer>
    </article>
  );
}

/**
 * One A4 page of receitas: `perPage` slots (halves, thirds or quarters), each a receita or one
 * copy of a controlled receita, with dashed cut guides between them.
 */
export function ReceitaPrintPage(props: { page: ReceitaPage }) {
  const { page } = props;
  return (
    <div className="receita-page" data-per-page={page.perPage}>
      {page.slots.map((slot, index) => (
        <ReceitaSheet
          key={`${slot.sheet.prescriptionId}-${slot.sheet.title}-${String(index)}`}
          sheet={slot.sheet}
          copy={slot.copy}
          perPage={page.perPage}
        />
      ))}
    </div>
  );
}
