import { printOnly } from '../../ui/print-area';

/**
 * The notices of docs/product.md, "Erros do prontuário" when there is nothing to print: shown as
 * an action's error, in the screen's toast.
 */
export const NOTHING_TO_PRINT = {
  record: 'Nenhum prontuário para imprimir!',
  prescriptions: 'Nenhuma prescrição para imprimir!',
} as const;

/** Opens the print dialog for the record's print area. */
export function printRecord(): void {
  printOnly('record');
}
