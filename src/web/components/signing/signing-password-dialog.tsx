import { PenLine } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { useSigningTry } from '../../data/signing-certificate';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { TextField } from '../../ui/text-field';

/** What one try at signing a batch did: which were signed, and why the rest were not. */
export interface SigningTry {
  signedIds: readonly string[];
  failure?: string | undefined;
}

/**
 * The password prompt that signs a batch (documents, receitas) with the doctor's ICP-Brasil
 * certificate: one typing signs them all. The password lives in the field for one try only and
 * is cleared after it; a batch stopped half-way is retried with only what is left.
 */
export function SigningPasswordDialog<Item extends { id: string }>(props: {
  items: readonly Item[];
  /** How an item is listed: 'Atestado', 'Receita de 27/11/2026 — Amoxicilina 500 mg'. */
  labelOf: (item: Item) => string;
  /** What the password signs, in one sentence. */
  description: string;
  /** Signs `items` in order, stopping at the first refusal. */
  sign: (items: readonly Item[], password: string) => Promise<SigningTry>;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const signing = useSigningTry(props.sign);
  const busy = signing.isPending;
  const [remaining, setRemaining] = useState(props.items);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || password === '') return;
    setFailure(undefined);
    try {
      const result = await signing.mutateAsync({ items: remaining, password });
      if (result.failure === undefined) {
        props.onDone(props.items.length);
        return;
      }
      const signedIds = new Set(result.signedIds);
      setRemaining(remaining.filter((item) => !signedIds.has(item.id)));
      setFailure(
        signedIds.size > 0
          ? `${signedIds.size} de ${remaining.length} assinados. ${result.failure}`
          : result.failure,
      );
    } finally {
      // The password lives in this field for one attempt only, and nowhere else.
      setPassword('');
      signing.reset();
    }
  };

  return (
    <DialogFrame
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title="Assinar digitalmente"
      description={props.description}
      size="narrow"
    >
      <form noValidate className="flex flex-col gap-4 p-5" onSubmit={(event) => void submit(event)}>
        <ul className="list-disc pl-5 text-sm text-fg">
          {remaining.map((item) => (
            <li key={item.id}>{props.labelOf(item)}</li>
          ))}
        </ul>
        <TextField
          label="Senha do certificado"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {failure && (
          <p role="alert" className="text-sm text-danger-fg">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>
            Voltar
          </Button>
          <Button type="submit" aria-disabled={busy || password === ''}>
            <PenLine aria-hidden="true" size={18} />
            {busy ? 'Assinando...' : 'Assinar'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
