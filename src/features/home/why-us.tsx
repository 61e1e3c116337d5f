import { AwardIcon, LeafIcon, PencilIcon } from '../../lib/icons/later.tsx';

const REASONS = [
  {
    title: 'Świeże kwiaty',
    text: 'Kwiaty dobieramy codziennie, a bukiety układamy tuż przed wydaniem lub dostawą.',
    Icon: LeafIcon,
  },
  {
    title: 'Ponad 15 lat doświadczenia',
    text: 'Jesteśmy rodzinną kwiaciarnią. Wiemy, jak dobrać kwiaty na każdą okazję.',
    Icon: AwardIcon,
  },
  {
    title: 'Personalizacja',
    text: 'Powiedz nam, czego potrzebujesz. Przygotujemy kompozycję specjalnie dla Ciebie.',
    Icon: PencilIcon,
  },
] as const;

export function WhyUs() {
  return (
    <section aria-labelledby="why-us-heading" className="bg-forest-50">
      <div className="container-page py-14 sm:py-20">
        <h2 id="why-us-heading" className="text-2xl font-semibold text-forest-900 sm:text-3xl">
          Dlaczego my?
        </h2>
        <ul className="mt-8 grid gap-4 sm:gap-6 md:grid-cols-3">
          {REASONS.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span className="grid size-12 place-items-center rounded-full bg-forest-800 text-blush-200">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-forest-900">{title}</h3>
              <p className="mt-2 text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
