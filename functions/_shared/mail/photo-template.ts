import type { OrderPhotoKind } from '../../../src/domain/order-photo.ts';
import type { MailBlock } from './render.ts';
import { greeting, orderLinkBlock } from './order-blocks.ts';
import type { MailContext } from './templates.ts';

/**
 * 'Zdjęcie Twojego zamówienia': the photo is linked, not attached or
 * embedded. The order page shows it through a signed URL that lasts minutes,
 * so a forwarded or leaked mail carries no lasting picture of an address or a
 * grave, and the owner's 'Unieważnij linki' still reaches it. The mail names
 * neither the buyer nor the card's signature: for an anonymous card the
 * buyer is the only one who may know who sent the flowers.
 */
export function orderPhotoMail(context: MailContext, kind: OrderPhotoKind): { subject: string; preheader: string; blocks: MailBlock[] } {
  const { order } = context;
  const link = orderLinkBlock(context);
  const where =
    link.length > 0
      ? 'Zobaczysz je na stronie zamówienia – wystarczy kliknąć link poniżej.'
      : 'Zobaczysz je na stronie zamówienia w sklepie.';
  return {
    subject: `Zdjęcie Twojego zamówienia ${order.number}`,
    preheader: kind === 'after_delivery' ? 'Kwiaty są na miejscu – zobacz zdjęcie.' : 'Zobacz, jak wygląda Twoje zamówienie.',
    blocks: [
      { kind: 'heading', text: 'Zdjęcie Twojego zamówienia' },
      greeting(),
      {
        kind: 'paragraph',
        text:
          kind === 'after_delivery'
            ? `zamówienie nr ${order.number} dotarło na miejsce. Zrobiliśmy zdjęcie po dostawie.`
            : `Twoje zamówienie nr ${order.number} jest gotowe. Zrobiliśmy mu zdjęcie, zanim wyruszyło w drogę.`,
      },
      { kind: 'paragraph', text: where },
      ...link,
    ],
  };
}
