__version__ = "0.1.0"

from .datasets import load_dataset, list_datasets
from .estimator import MRC
from .marginals import FixedMarginalsMRC
from .reduced import ReducedMRC
from .selection import BoundSearch

__all__ = ['MRC', 'FixedMarginalsMRC', 'ReducedMRC', 'BoundSearch', 'load_dataset', 'list_datasets']
