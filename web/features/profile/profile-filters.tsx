const FILTERS = ['All', 'Twitch', 'Twitter', 'Tik Tok', 'YouTube'];

/** The platform chips and the range select: shown as the spec has them, and non-functional (content §2.7). */
export function ProfileFilters() {
  return (
    <div className="profile-filters">
      <fieldset className="profile-chips">
        <legend className="visually-hidden">Platform</legend>
        {FILTERS.map((filter, index) => (
          <button key={filter} type="button" className="profile-chip" aria-pressed={index === 0}>
            {filter}
          </button>
        ))}
      </fieldset>
      <label className="profile-range">
        <span className="visually-hidden">Range</span>
        <select defaultValue="14">
          <option value="14">Last 14 days</option>
          <option value="30">Last 30 days</option>
        </select>
      </label>
    </div>
  );
}
