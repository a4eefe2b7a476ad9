import { CategoryFields } from './category-fields';
import { ImageUploadField } from './image-upload-field';
import { useCategories } from './queries';
import { categoryChange, type ProfileForm } from './wizard-state';

type StepLookProps = {
  form: ProfileForm;
  onChange: (patch: Partial<ProfileForm>) => void;
  onUploadingChange: (busy: boolean) => void;
};

/** Step 2: the banner and what you make (category > sub-category). */
export function StepLook({ form, onChange, onUploadingChange }: StepLookProps) {
  const categories = useCategories();
  const tree = categories.data ?? [];
  return (
    <>
      <ImageUploadField
        label="Banner"
        value={form.banner}
        onChange={(banner) => onChange({ banner })}
        onBusyChange={onUploadingChange}
      />
      <CategoryFields
        categories={tree}
        category={form.category}
        subCategory={form.subCategory}
        onCategoryChange={(category) => onChange(categoryChange(tree, category))}
        onSubCategoryChange={(subCategory) => onChange({ subCategory })}
      />
      {categories.isError && <p className="wizard-field-hint muted">Categories could not be loaded.</p>}
    </>
  );
}
