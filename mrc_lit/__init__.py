__version__ = "0.1.0"

from .datasets import load_dataset, list_datasets
from .estimator import MRC
