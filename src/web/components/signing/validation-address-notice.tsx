import { TriangleAlert } from 'lucide-react';
import {
  VALIDATION_ADDRESS_TEXT,
  validationAddressWarning,
} from '@shared/documents/validation-address';
import { useValidationAddress } from '../../data/server-health';

/**
 * The warning of the screens that sign, print and share documents when PUBLIC_URL is not set
 * (docs/documentos.md, "Validação"): where the QR code and the link lead, who can open that
 * address, and — a click away, or open where there is room — how to fix it. Nothing while the
 * server has not said, or when PUBLIC_URL is set.
 * @param props.className - where it sits (a width, a margin)
 * @param props.adviceOpen - the advice shown at once, not behind "Como corrigir"
 */
export function ValidationAddressNotice(props: { className?: string; adviceOpen?: boolean }) {
  const address = useValidationAddress();
  const warning = address.data ? validationAddressWarning(address.data) : undefined;
  if (!warning) return null;
  const [reach, advice] = warning;
  return (
    <div
      role="note"
      aria-label={VALIDATION_ADDRESS_TEXT.heading}
      className={`flex items-start gap-2 rounded-md border border-warning-fg bg-warning-soft p-3 text-left text-sm text-warning-fg ${props.className ?? ''}`}
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">
        <p>{reach}</p>
        {props.adviceOpen ? (
          <p className="mt-1">{advice}</p>
        ) : (
          <details className="mt-1">
            <summary className="cursor-pointer font-medium">
              {VALIDATION_ADDRESS_TEXT.howToFix}
            </summary>
            <p className="mt-1">{advice}</p>
          </details>
        )}
      </div>
    </div>
  );
}
