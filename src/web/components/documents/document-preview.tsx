import { signatureLines, type DocumentText } from '@shared/documents/document-text';

/**
 * A document's words exactly as its PDF prints them (docs/documentos.md, "Ler antes de emitir"):
 * the same {@link DocumentText} the server lays out — header, title, patient, body, date of
 * issue and the signature's lines — so what the doctor reads is what is issued.
 */
export function DocumentPreview(props: { text: DocumentText; label: string }) {
  const { text } = props;
  const [doctor, ...details] = text.issuer;
  return (
    <article
      aria-label={props.label}
      className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4 text-sm text-fg"
    >
      <div className="flex flex-col border-b border-line pb-2">
        {doctor !== undefined && <p className="font-semibold">{doctor}</p>}
        {details.map((line, index) => (
          <p key={index} className="text-xs text-fg-muted">
            {line}
          </p>
        ))}
      </div>
      <p className="text-center font-semibold">{text.title.toUpperCase()}</p>
      <div>
        {text.patient.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      {text.paragraphs.map((paragraph, index) => (
        <p
          key={index}
          className={`whitespace-pre-wrap ${paragraph.startsWith('• ') ? 'pl-4' : ''}`}
        >
          {paragraph}
        </p>
      ))}
      <p>{text.issuedAt}</p>
      <div className="flex flex-col items-center pt-4 text-center">
        {signatureLines(text).map((line, index) => (
          <p key={index} className={index === 2 ? 'text-xs text-fg-muted' : 'break-all'}>
            {line}
          </p>
        ))}
      </div>
    </article>
  );
}
