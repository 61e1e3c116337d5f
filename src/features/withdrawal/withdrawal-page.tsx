import { useState } from 'react';
import type { WithdrawalLookup, WithdrawalLookupAnswer, WithdrawalReceipt } from '../../domain/withdrawal-request.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { LinesStep } from './lines-step.tsx';
import { OrderStep } from './order-step.tsx';
import { WithdrawalConfirmation } from './withdrawal-confirmation.tsx';

type Step =
  | { kind: 'order' }
  | { kind: 'lines'; lookup: WithdrawalLookup; answer: WithdrawalLookupAnswer }
  | { kind: 'done'; lookup: WithdrawalLookup; receipt: WithdrawalReceipt };

export interface WithdrawalPageProps {
  /** From the order page's link (?zamowienie=KT…). */
  initialNumber?: string;
  /** The signed-in customer's email. */
  initialEmail?: string;
}

/**
 * /odstapienie, the withdrawal function (Directive (EU) 2023/2673):
 * the order by number and email, then the lines to return, then the
 * confirmation. What was typed stays while the steps change or a call fails.
 */
export function WithdrawalPage({ initialNumber = '', initialEmail = '' }: WithdrawalPageProps) {
  const [identity, setIdentity] = useState<WithdrawalLookup>({ number: initialNumber, email: initialEmail });
  const [step, setStep] = useState<Step>({ kind: 'order' });

  return (
    <div className="container-page py-10 sm:py-14">
      <PageHeading>Odstąp od umowy</PageHeading>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Jako konsument możesz odstąpić od umowy w ciągu 14 dni od otrzymania towaru, bez podawania przyczyny. Nie dotyczy to żywych kwiatów
        (art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta) ani produktów wykonanych według Twojej specyfikacji, np. wieńców i szarf z
        napisem (art. 38 ust. 1 pkt 3).
      </p>
      {step.kind === 'order' && (
        <OrderStep
          initial={identity}
          onFound={(lookup, answer) => {
            setIdentity(lookup);
            setStep({ kind: 'lines', lookup, answer });
          }}
        />
      )}
      {step.kind === 'lines' && (
        <LinesStep
          key={step.answer.number}
          lookup={step.lookup}
          answer={step.answer}
          onBack={() => setStep({ kind: 'order' })}
          onSent={(receipt) => setStep({ kind: 'done', lookup: step.lookup, receipt })}
        />
      )}
      {step.kind === 'done' && <WithdrawalConfirmation receipt={step.receipt} email={step.lookup.email} />}
    </div>
  );
}
