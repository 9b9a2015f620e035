import { DOCUMENT_TITLES, type ClinicalDocument } from './clinical-document';

/**
 * How an issued document reaches the patient without an attachment: its validation address and
 * code, which open it (and hand its signed PDF to the ITI's VALIDAR), as text to copy or send.
 */
export function documentShareText(
  document: Pick<ClinicalDocument, 'kind'> & {
    validation: NonNullable<ClinicalDocument['validation']>;
  },
): string {
  return shareText(DOCUMENT_TITLES[document.kind], document.validation);
}

/**
 * The same for any issued paper: 'Receita: <address>' and its code.
 * @param title - what it is ('Receita', 'Atestado médico')
 */
export function shareText(title: string, validation: { url: string; secretCode: string }): string {
  return [`${title}: ${validation.url}`, `Código de validação: ${validation.secretCode}`].join(
    '\n',
  );
}

/**
 * A WhatsApp link (`wa.me`) with `text` ready to send: to the patient's number when it is a
 * Brazilian phone (DDD and number, 55 added), otherwise for the doctor to choose the chat.
 */
export function whatsAppLink(text: string, phone?: string): string {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  const to = digits.length === 10 || digits.length === 11 ? `55${digits}` : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
