import { printOnly } from '../../ui/print-area';

/** The alerts of docs/product.md, "Erros do prontuário" when there is nothing to print. */
export const NOTHING_TO_PRINT = {
  record: 'Nenhum prontuário para imprimir!',
  prescriptions: 'Nenhuma prescrição para imprimir!',
} as const;

/**
 * Opens the print dialog for the record's print area; with nothing to print, that alert says so
 * instead.
 */
export function printRecord(hasContent: boolean): void {
  if (!hasContent) {
    window.alert(NOTHING_TO_PRINT.record);
    return;
  }
  printOnly('record');
}
