import { useId } from 'react';
import type { Category } from '../../../schema/user';

type CategoryFieldsProps = {
  categories: readonly Category[];
  category: string;
  subCategory: string;
  onCategoryChange: (category: string) => void;
  onSubCategoryChange: (subCategory: string) => void;
};

/** Ensures the current value is offered even before the tree loads (or if it left the tree). */
const withCurrent = (options: readonly string[], current: string) =>
  options.includes(current) ? options : [current, ...options];

/** Category and sub-category selects; the sub-categories follow the chosen category. */
export function CategoryFields({
  categories,
  category,
  subCategory,
  onCategoryChange,
  onSubCategoryChange,
}: CategoryFieldsProps) {
  const id = useId();
  const categoryNames = withCurrent(
    categories.map((known) => known.name),
    category,
  );
  const subCategories = withCurrent(
    categories.find((known) => known.name === category)?.subCategories ?? [],
    subCategory,
  );
  return (
    <div className="wizard-field-row">
      <div className="wizard-field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => onCategoryChange(event.target.value)}
        >
          {categoryNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="wizard-field">
        <label htmlFor={`${id}-sub`}>Sub-category</label>
        <select
          id={`${id}-sub`}
          value={subCategory}
          onChange={(event) => onSubCategoryChange(event.target.value)}
        >
          {subCategories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
