/** Company and contact data, company size and employee structure (PUT /api/profile). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_SIZES, INDUSTRIES, MARKETS, type Market } from '../../../shared/constants';
import { UI_LOCALES, UI_LOCALE_NAMES } from '../../../shared/locales';
import { profileUpdateSchema } from '../../../shared/schemas/account';
import type { Profile } from '../../../shared/schemas/user';
import { FormSummary, SelectField, TextField } from '../../components/ui/form';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { EDUCATION_PARTS, EMPLOYEE_FIELDS, GENDER_PARTS, employeesToNumbers, employeesToText, partsOverTotal, type EmployeeField, type EmployeeValues } from './employees';
import { updateProfile } from './profile-api';

const TEXT_FIELDS = ['company_name', 'activity', 'street', 'house_number', 'city', 'tax_number', 'first_name', 'last_name', 'phone'] as const;
type TextName = (typeof TEXT_FIELDS)[number];
type Values = Record<TextName, string> & { country: Market; industry: string; size: string; locale: string; employees: EmployeeValues };

function fromProfile(p: Profile): Values {
  return {
    company_name: p.company_name,
    activity: p.activity,
    street: p.street,
    house_number: p.house_number,
    city: p.city,
    tax_number: p.tax_number,
    first_name: p.first_name,
    last_name: p.last_name,
    phone: p.phone,
    country: p.country,
    industry: p.industry,
    size: p.size,
    locale: p.locale,
    employees: employeesToText(p.employees),
  };
}

export function ProfileDetailsForm({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation('account');
  const labels: Record<string, string> = Object.fromEntries([...TEXT_FIELDS, 'country', 'industry', 'size', 'locale'].map((f) => [f, t(`fields.${f}`)]));
  for (const f of EMPLOYEE_FIELDS) labels[`employees.${f}`] = t(`fields.${f}`);
  const form = useFormState<Values>('profile', () => fromProfile(profile), { labels });
  const { values, set, errors, id } = form;
  const [saved, setSaved] = useState(false);
  const savedRef = useFocusOnChange<HTMLParagraphElement>(saved);

  const setEmployee = (field: EmployeeField, value: string) => {
    set('employees', { ...values.employees, [field]: value });
    // A change to one part can settle the whole group's error.
    form.setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => !k.startsWith('employees.'))));
  };

  const onSubmit = form.submit({
    schema: profileUpdateSchema,
    input: (v) => ({ ...v, employees: employeesToNumbers(v.employees) }),
    onStart: () => setSaved(false),
    send: async (data) => {
      const next = await updateProfile(data);
      onSaved(next);
      form.setValues(fromProfile(next));
      setSaved(true);
    },
  });

  const text = (name: TextName, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      {...form.field(name)}
      onChange={(e) => {
        setSaved(false);
        set(name, e.target.value);
      }}
      required
      {...extra}
    />
  );

  const count = (field: EmployeeField) => (
    <TextField
      key={field}
      id={id(`employees.${field}`)}
      name={`employees.${field}`}
      label={t(`fields.${field}`)}
      inputMode="numeric"
      value={values.employees[field]}
      onChange={(e) => setEmployee(field, e.target.value)}
      error={errors[`employees.${field}`]}
      disabled={form.busy}
      required
    />
  );

  const group = (key: 'gender' | 'education', parts: readonly EmployeeField[]) => {
    const over = partsOverTotal(values.employees, parts);
    const hintId = `${id(`employees-${key}`)}-hint`;
    return (
      <fieldset className="form-section employee-group" aria-describedby={over ? hintId : undefined}>
        <legend>{t(`profile.${key}Group`)}</legend>
        <div className="form-grid employee-grid">{parts.map(count)}</div>
        <p id={hintId} className={over ? 'notice notice-error employee-over' : 'visually-hidden'} aria-live="polite">
          {over ? t('profile.partsExceed', over) : ''}
        </p>
      </fieldset>
    );
  };

  return (
    <form className="profile-form" noValidate onSubmit={onSubmit} aria-busy={form.busy} aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="visually-hidden">
        {t('profile.title')}
      </h2>
      <FormSummary form={form} />
      <fieldset className="form-section card">
        <legend>{t('profile.companySection')}</legend>
        <div className="form-grid">
          {text('company_name', { autoComplete: 'organization', className: 'span-2' })}
          <SelectField
            {...form.field('country')}
            options={MARKETS.map((m) => ({ value: m, label: t(`markets.${m}`) }))}
          />
          {text('tax_number', { hint: t('register.taxHint', { country: t(`markets.${values.country}`), format: t(`taxFormat.${values.country}`) }), inputMode: 'numeric' })}
          <SelectField
            {...form.field('industry')}
            options={INDUSTRIES.map((code) => ({ value: code, label: `${code} – ${t(`industries.${code}`)}` }))}
          />
          {text('activity')}
          {text('street', { autoComplete: 'address-line1' })}
          {text('house_number')}
          {text('city', { autoComplete: 'address-level2' })}
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t('profile.contactSection')}</legend>
        <div className="form-grid">
          {text('first_name', { autoComplete: 'given-name' })}
          {text('last_name', { autoComplete: 'family-name' })}
          {text('phone', { type: 'tel', autoComplete: 'tel' })}
          <SelectField
            {...form.field('locale')}
            options={UI_LOCALES.map((l) => ({ value: l, label: UI_LOCALE_NAMES[l] }))}
          />
        </div>
      </fieldset>
      <fieldset className="form-section card">
        <legend>{t('profile.sizeSection')}</legend>
        <div className="form-grid">
          <SelectField
            {...form.field('size')}
            options={COMPANY_SIZES.map((s) => ({ value: s, label: t(`sizes.${s}`) }))}
          />
          {count('total')}
        </div>
        <p className="hint">{t('profile.employeesHint')}</p>
        {group('gender', GENDER_PARTS)}
        {group('education', EDUCATION_PARTS)}
      </fieldset>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {t('profile.save')}
        </button>
        {saved && (
          <p ref={savedRef} tabIndex={-1} className="notice notice-success profile-saved" role="status">
            {t('profile.saved')}
          </p>
        )}
      </div>
    </form>
  );
}
