import copy, time
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.model_selection import ParameterGrid
from sklearn.pipeline import Pipeline
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.validation import check_is_fitted
from numbers import Integral, Real
from mrc_lit.features import scores
from mrc_lit.uncertainty import UncertaintySet, practical_lambda, bernstein_lambda
from mrc_lit.learning import randomized_rule, deterministic_rule
from mrc_lit.solvers import learn
from mrc_lit.bounds import lower_bound, upper_bound, confidence_bounds
from mrc_lit.estimator import MRC
def _final_mrc(est):
    "The MRC that `est` fits: `est` itself, or the last step of a Pipeline"
    last = est.steps[-1][1] if isinstance(est, Pipeline) else est
    if not isinstance(last, MRC):
        raise ValueError(f'BoundSearch selects by the bounds of an MRC: the estimator must be an MRC or a Pipeline '
                         f'ending in one, got {type(last).__name__}')
    return last

def _lambda0_key(est)->str:
    "The name of the MRC's lambda0 among the parameters of `est`"
    return f'{est.steps[-1][0]}__lambda0' if isinstance(est, Pipeline) else 'lambda0'

def feature_groups(estimator,        # an MRC or a Pipeline ending in one
                   candidates:list,  # parameter dicts, e.g. list(ParameterGrid(grid))
                  )->list:           # lists of candidate indices, in order of first appearance
    "Candidates that share the feature map Ψ and τ: equal in every parameter but lambda0"
    if type(_final_mrc(estimator)) is not MRC:  # a subclass may learn differently: no sharing, one group each
        return [[i] for i in range(len(candidates))]
    key, groups = _lambda0_key(estimator), {}
    for i, p in enumerate(candidates):
        groups.setdefault(repr(sorted((k, v) for k, v in p.items() if k != key)), []).append(i)
    return list(groups.values())
def candidate_bounds(mrc:MRC,            # a fitted MRC
                     Psi:np.ndarray,     # its features of the training instances, mrc.feature_map_.transform(mrc.X_fit_)
                     y_enc:np.ndarray,   # the training labels as codes 0..|Y|-1 (positions in mrc.classes_)
                     rule:str='randomized', # 'randomized' (h^U) or 'deterministic' (h_d)
                     delta:float=0.05,   # 1 - confidence of the guaranteed bounds, for this candidate's event
                     lower:bool=True,    # also compute R̲ (one more solve); False: lower bounds are NaN
                    )->dict:
    "Theorem 5's bounds of the rule at learning, and eq. (conf-bound)'s guaranteed ones with Theorem 4's λ_δ"
    K = len(mrc.classes_)
    U, S = UncertaintySet(mrc.tau_, mrc.lambda_, K), scores(Psi, mrc.mu_)
    if rule == 'randomized':  # Corollary 6: R̄(U, h^U) is the learning problem's value, minimized at μ*
        H, up, mu_up, sol = randomized_rule(S, mrc.varphi_), mrc.upper_bound_, mrc.mu_, mrc.solution_
    else:
        H = deterministic_rule(S)
        up, mu_up, sol = upper_bound(Psi, U, H, mrc.solver)
    lo, mu_lo = lower_bound(Psi, U, H, mrc.solver)[:2] if lower else (np.nan, np.zeros_like(mu_up))
    lam_delta = bernstein_lambda(Psi, y_enc, K, delta=delta, bound=mrc.feature_map_.bound_)
    g_lo, g_up = confidence_bounds(lo, up, mu_lo, mu_up, mrc.lambda_, lam_delta)
    # an error probability lies in [0, 1]: clipping keeps the bounds valid
    return dict(upper_bound=up, lower_bound=lo, guaranteed_upper=min(g_up, 1.0), guaranteed_lower=max(g_lo, 0.0),
                certified_gap=sol.gap)
def _relearn(fitted, key:str, lambda0:float, Psi:np.ndarray, y_enc:np.ndarray):
    "A copy of a fitted MRC (or Pipeline ending in one) learned again with another lambda0 on the same Ψ and τ"
    new = copy.copy(fitted)
    if isinstance(fitted, Pipeline): new.steps = [*fitted.steps[:-1], (fitted.steps[-1][0], copy.copy(fitted.steps[-1][1]))]
    new.set_params(**{key: lambda0})
    m = _final_mrc(new)
    K = len(m.classes_)
    # the rest of MRC.fit once Ψ and τ are known: λ for this lambda0, then P_{τ,λ}. A warm start from the previous
    # candidate's μ would be handed to `learn` here
    m.lambda_ = practical_lambda(Psi, y_enc, K, lambda0)
    m.solution_, m.varphi_ = learn(Psi, UncertaintySet(m.tau_, m.lambda_, K), m.solver)
    m.mu_, m.upper_bound_ = m.solution_.mu, m.solution_.value
    m._bounds = {}   # the bounds cached by `fitted` belong to its λ
    return new

def _fit_group(estimator, candidates:list, X, y, rule:str, delta:float, lower:bool, criterion:str)->tuple:
    "Fit one feature group, the first candidate cold and the others on its Ψ and τ: (rows, index of the best, its fit)"
    key, rows, best = _lambda0_key(estimator), [], (None, None)
    for j, params in enumerate(candidates):
        t0 = time.perf_counter()
        if j == 0:
            first = fitted = clone(estimator).set_params(**params).fit(X, y)
            mrc = _final_mrc(first)
            Psi = mrc.feature_map_.transform(mrc.X_fit_)
            y_enc = np.searchsorted(mrc.classes_, np.asarray(y).ravel())   # positions in classes_, as MRC.fit encodes y
        else: fitted = _relearn(first, key, params.get(key, mrc.lambda0), Psi, y_enc)
        t1 = time.perf_counter()
        rows.append(dict(candidate_bounds(_final_mrc(fitted), Psi, y_enc, rule, delta, lower),
                         fit_time=t1 - t0, bound_time=time.perf_counter() - t1))
        if best[0] is None or rows[-1][criterion] < rows[best[0]][criterion]: best = (j, fitted)
    return rows, *best
_CRITERIA = {'upper': 'upper_bound', 'guaranteed': 'guaranteed_upper'}

class BoundSearch(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """Choose the parameters of an MRC by its upper bound at learning: every candidate learns from all the training
    data and the one with the smallest bound is kept; no held-out data, no refit.

    Parameters
    ----------
    estimator : MRC or Pipeline ending in an MRC
        The model; cloned for every candidate.
    param_grid : dict or list of dicts
        Candidate parameter values, as in `GridSearchCV` (e.g. ``{'sigma': [1, 2], 'lambda0': [0.1, 0.3, 1]}``).
    rule : {'randomized', 'deterministic'}, default='randomized'
        Whose upper bound selects: the MRC h^U (its minimax risk, Corollary 6) or the deterministic h_d
        (Theorem 5's R̄(U, h_d), one more solve per candidate).
    criterion : {'upper', 'guaranteed'}, default='upper'
        'upper': the bound with the learning λ (the paper's choice); 'guaranteed': the bound with Theorem 4's λ_δ,
        which stays valid after selection.
    delta : float in (0, 1), default=0.05
        The guaranteed bounds hold together, for every candidate, with probability at least 1 - delta: each
        distinct feature setting gets delta / (number of feature settings) (a union bound).
    lower_bounds : bool, default=True
        Also compute the lower bounds (one more solve per candidate).
    n_jobs : int, default=None
        Feature groups (candidates differing only in lambda0) fitted in parallel by joblib; None: one process.
    progress : bool, default=False
        Show a progress bar (tqdm) over the candidates.

    Attributes
    ----------
    results_ : dict of arrays
        One entry per candidate, in the order of `ParameterGrid(param_grid)`: 'params', 'param_<name>',
        'upper_bound', 'lower_bound', 'guaranteed_upper', 'guaranteed_lower', 'certified_gap' (of the solve that
        gave the upper bound), 'fit_time', 'bound_time', 'feature_group', 'rank'.
    best_index_ : int
        The selected candidate: the first with the smallest `criterion`.
    best_params_ : dict
        Its parameters.
    best_estimator_ : estimator
        It, fitted on all the training data.
    best_score_ : float
        Its upper bound (an error bound: smaller is better, unlike GridSearchCV's score).
    best_guaranteed_bound_ : float
        Its guaranteed upper bound: with probability at least 1 - delta, its error is at most this, although it was
        selected.
    delta_per_group_ : float
        delta / (number of feature groups), the confidence each group's λ_δ is computed with.
    classes_, n_features_in_, feature_names_in_ : as in `best_estimator_`
    """
    _parameter_constraints = {
        'estimator': [HasMethods(['fit', 'predict_proba'])], 'param_grid': [dict, list],
        'rule': [StrOptions({'randomized', 'deterministic'})], 'criterion': [StrOptions(set(_CRITERIA))],
        'delta': [Interval(Real, 0, 1, closed='neither')], 'lower_bounds': ['boolean'],
        'n_jobs': [Integral, None], 'progress': ['boolean']}

    def __init__(self, estimator, param_grid, *, rule='randomized', criterion='upper', delta=0.05, lower_bounds=True,
                 n_jobs=None, progress=False):
        self.estimator, self.param_grid, self.rule, self.criterion = estimator, param_grid, rule, criterion
        self.delta, self.lower_bounds, self.n_jobs, self.progress = delta, lower_bounds, n_jobs, progress

    def _candidates(self)->list:
        _final_mrc(self.estimator)
        try: candidates = list(ParameterGrid(self.param_grid))
        except TypeError as e: raise ValueError(f'param_grid: {e}') from None
        if not candidates: raise ValueError('param_grid has no candidate')
        valid = self.estimator.get_params()
        for p in candidates:
            bad = [k for k in p if k not in valid]
            if bad: raise ValueError(f'{bad[0]!r} is not a parameter of {type(self.estimator).__name__}: use one of {sorted(valid)}')
        return candidates

    def fit(self, X, y):
        "Fit every candidate on (X, y) and keep the one with the smallest upper bound"
        self._validate_params()
        candidates = self._candidates()
        groups = feature_groups(self.estimator, candidates)
        self.delta_per_group_ = self.delta / len(groups)
        col = _CRITERIA[self.criterion]
        jobs = [(self.estimator, [candidates[i] for i in g], X, y, self.rule, self.delta_per_group_, self.lower_bounds, col)
                for g in groups]
        from tqdm.auto import tqdm
        if self.n_jobs not in (None, 1):
            from joblib import Parallel, delayed
            it = Parallel(n_jobs=self.n_jobs, return_as='generator')(delayed(_fit_group)(*job) for job in jobs)
        else: it = (_fit_group(*job) for job in jobs)
        rows, best = [None] * len(candidates), {}
        with tqdm(total=len(candidates), disable=not self.progress, desc='BoundSearch') as bar:
            for g, (group_rows, j, fitted) in zip(groups, it):
                for i, row in zip(g, group_rows): rows[i] = dict(row, feature_group=groups.index(g))
                best[g[j]] = fitted
                bar.update(len(g))
        self.results_ = self._results(candidates, rows)
        self.best_index_ = int(np.argmin(self.results_[col]))
        self.best_params_ = candidates[self.best_index_]
        self.best_estimator_ = best[self.best_index_]   # the first minimum overall is its group's first minimum
        self.best_score_ = float(self.results_['upper_bound'][self.best_index_])
        self.best_guaranteed_bound_ = float(self.results_['guaranteed_upper'][self.best_index_])
        for a in ('classes_', 'n_features_in_', 'feature_names_in_'):
            if hasattr(self.best_estimator_, a): setattr(self, a, getattr(self.best_estimator_, a))
        return self

    def _results(self, candidates, rows)->dict:
        out = {'params': candidates}
        for name in dict.fromkeys(k for p in candidates for k in p):
            out[f'param_{name}'] = np.ma.MaskedArray([p.get(name) for p in candidates], mask=[name not in p for p in candidates], dtype=object)
        for k in rows[0]: out[k] = np.array([r[k] for r in rows])
        crit = out[_CRITERIA[self.criterion]]
        out['rank'] = np.argsort(np.argsort(crit, kind='stable'), kind='stable') + 1
        return out

    def predict(self, X): check_is_fitted(self); return self.best_estimator_.predict(X)
    def predict_proba(self, X): check_is_fitted(self); return self.best_estimator_.predict_proba(X)

    def plot(self, param:str=None, # grid parameter on the x axis; None: the one with the most values
             ax=None):
        "Upper, lower and guaranteed bounds of every candidate against one parameter; one line per other setting"
        import matplotlib.pyplot as plt
        check_is_fitted(self)
        r, names = self.results_, [k[6:] for k in self.results_ if k.startswith('param_')]
        param = param or max(names, key=lambda k: len({repr(v) for v in r[f'param_{k}']}))
        if param not in names: raise ValueError(f'{param!r} is not a parameter of the grid: {names}')
        ax = ax or plt.subplots(figsize=(6, 3.5))[1]
        others = [k for k in names if k != param]
        lines = {}
        for i, p in enumerate(r['params']): lines.setdefault(tuple((k, p.get(k)) for k in others), []).append(i)
        for c, (label, idx) in enumerate(lines.items()):
            x = [r['params'][i][param] for i in idx]
            tag = ', '.join(f'{k}={v:.3g}' if isinstance(v, float) else f'{k}={v}' for k, v in label)
            ax.plot(x, r['upper_bound'][idx], 'o-', color=f'C{c}', label=f'upper {tag}'.strip())
            ax.plot(x, r['lower_bound'][idx], 'v--', color=f'C{c}', lw=0.8)
            ax.plot(x, r['guaranteed_upper'][idx], ':', color=f'C{c}', lw=0.8)
        b = self.best_index_
        ax.plot([r['params'][b][param]], [r['upper_bound'][b]], 'k*', ms=12, label='selected')
        ax.set_xlabel(param); ax.set_ylabel('error bound'); ax.legend(fontsize=7)
        ax.set_title('upper (solid), lower (dashed), guaranteed upper (dotted)', fontsize=9)
        return ax
